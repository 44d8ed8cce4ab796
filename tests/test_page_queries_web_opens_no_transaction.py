"""The web floor opens no transaction (issue 42 section 1, docs/service-layers.md): a page or an API
route calls a domain command or query, which opens its one transaction and returns plain data.

An import contract cannot say this: `service.engine.begin()` needs no import of `sqlalchemy`. So the
calls are read from the source (AST) of every module under `autograder/service/web/`: a call of
`.begin()`, `.connect()`, `.execute(...)` or `.exec_driver_sql(...)` on anything is a transaction
(or a statement) opened in web. A control plants one in a copy and expects the scan to find it.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WEB = REPO / "autograder" / "service" / "web"
# What opens a connection or a transaction, or runs a statement on one (SQLAlchemy's names).
DATABASE_CALLS = {"begin", "connect", "execute", "exec_driver_sql"}


def database_calls(root: Path) -> list[str]:
    """`path:line .name()` for every call of a DATABASE_CALLS method in the modules under ROOT."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in DATABASE_CALLS
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno} .{node.func.attr}()")
    return found


def test_no_web_module_opens_a_transaction() -> None:
    assert database_calls(WEB) == []


def test_a_page_opening_a_transaction_is_found(tmp_path: Path) -> None:
    """Control: the scan sees a page that reads the database itself (as rubric_pages.py did)."""
    (tmp_path / "lti").mkdir()
    (tmp_path / "lti" / "page.py").write_text(
        "def view(service, assignment_id):\n"
        "    with service.engine.connect() as conn:\n"
        "        return conn.execute(query, {'a': assignment_id}).all()\n",
        encoding="utf-8",
    )
    assert database_calls(tmp_path) == ["lti/page.py:2 .connect()", "lti/page.py:3 .execute()"]
