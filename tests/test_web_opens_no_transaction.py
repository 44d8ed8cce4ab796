"""The web floor opens no connection or transaction of its own (issue 42, section 1).

Web calls domain commands and queries; each command runs in one transaction the domain opens, so
the ledger, its audit entry and the LMS score commit together. The import contract
`service-web-no-sql` (pyproject.toml) keeps SQLAlchemy and storage out of `web/`, but a page could
still open a transaction on the engine it is handed (`service.engine.begin()`) and pass the
connection to a domain function without importing anything. This AST scan of every module under
`autograder/service/web/` finds such calls; a control shows that a planted one is found.

One way into the domain: web hands the domain the `Service` (or calls a part of it), never its
engine, so every domain function a page calls opens its own transaction. A second scan fails on any
`.engine` read in web (`service.engine`, `request.app.state.service.engine`, an adapter's
`self.engine`); its control plants each.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WEB = REPO / "autograder" / "service" / "web"
# The engine's (and a connection's) ways to a connection or a transaction.
OPENERS = {"begin", "connect", "raw_connection", "begin_nested", "execute", "exec_driver_sql"}


def openings(source: str, filename: str) -> list[str]:
    """`file:line call` for each call of an OPENERS method on an attribute chain ending in `engine`
    or `conn` (the engine, `service.engine`, `self.engine`, a connection) and each
    `.begin()`/`.connect()` with no argument, whatever it is called on."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name, receiver = node.func.attr, node.func.value
        if name not in OPENERS:
            continue
        held = receiver.attr if isinstance(receiver, ast.Attribute) else getattr(receiver, "id", "")
        no_args = not node.args and not node.keywords and name in ("begin", "connect")
        if held in ("engine", "conn") or no_args:
            found.append((node.lineno, f"{filename}:{node.lineno} {ast.unparse(node.func)}()"))
    return [where for _, where in sorted(found)]


def test_no_web_module_opens_a_connection_or_a_transaction() -> None:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        found += openings(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    assert not found, "web opens its own connection or transaction:\n" + "\n".join(found)


def test_the_scan_finds_a_planted_transaction() -> None:
    planted = (
        "def listing(service, aid):\n"
        "    with service.engine.connect() as conn:\n"
        "        return overrides.all_current(conn, aid)\n"
        "\n"
        "class Adapter:\n"
        "    def put(self, row):\n"
        "        with self.engine.begin() as c:\n"
        "            c.execute(table.insert().values(**row))\n"
        "\n"
        "def raw(engine):\n"
        "    return engine.raw_connection()\n"
    )
    assert openings(planted, "web/x.py") == [
        "web/x.py:2 service.engine.connect()",
        "web/x.py:7 self.engine.begin()",
        "web/x.py:11 engine.raw_connection()",
    ]
    harmless = "def page(service, ex):\n    return grade_review.student_grade(service, ex)\n"
    assert openings(harmless, "web/y.py") == []


def engine_reads(source: str, filename: str) -> list[str]:
    """`file:line expression` for each read of an attribute named `engine`, whatever it is read on."""
    found = [
        (node.lineno, f"{filename}:{node.lineno} {ast.unparse(node)}")
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr == "engine"
    ]
    return [where for _, where in sorted(found)]


def test_no_web_module_reads_an_engine() -> None:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        found += engine_reads(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    assert not found, "web reaches the domain through an engine, not the Service:\n" + "\n".join(found)


def test_the_engine_scan_finds_planted_reads() -> None:
    planted = (
        "def listing(service, aid):\n"
        "    return review_listings.current_overrides(service.engine, aid)\n"
        "\n"
        "def keys(request):\n"
        "    engine = request.app.state.service.engine\n"
        "    return jwks(engine)\n"
        "\n"
        "class Adapter:\n"
        "    def get(self, key):\n"
        "        return launch_store.read(self.engine, key)\n"
    )
    assert engine_reads(planted, "web/x.py") == [
        "web/x.py:2 service.engine",
        "web/x.py:5 request.app.state.service.engine",
        "web/x.py:10 self.engine",
    ]
    harmless = "def page(service, aid):\n    return review_listings.current_overrides(service, aid)\n"
    assert engine_reads(harmless, "web/y.py") == []
