"""One way in to each domain object (docs/service-layers.md "One way in").

`Service` (`autograder/service/domain/core.py`) only builds the service's parts on one database; a
caller takes the part it needs (`service.intake.submit(...)`, `service.queue.claim_next(...)`).
So `Service` has no method that forwards to a part, and no caller asks `Service` for anything that
is not one of its parts: a forwarder beside callers that reach the part directly would be two ways
in. Both rules are read from the source (AST), and each has a control that a violation fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORE = REPO / "autograder" / "service" / "domain" / "core.py"
# The code that is handed a `Service` (the tests' own calls fail by themselves if they miss a part).
SCANNED = [REPO / "autograder" / "service", REPO / "autograder" / "commands"]


def _service_class(tree: ast.Module) -> ast.ClassDef:
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Service")


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    first = body[0]
    is_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    return body[1:] if is_doc and isinstance(first.value.value, str) else body


def _rooted_at_self_part(node: ast.expr) -> bool:
    """`self.<part>.<name>`: a call into one of the parts."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "self"
    )


# `Service` opened the database, so closing it is its own job, not a way in to a part.
OWN = {"__init__", "close"}


def forwarders(source: str) -> list[str]:
    """The methods of `Service` that only pass their call on to a part (`return self.part.x(...)`)."""
    found = []
    for item in _service_class(ast.parse(source)).body:
        if not isinstance(item, ast.FunctionDef) or item.name in OWN:
            continue
        body = _without_docstring(item.body)
        if len(body) == 1 and isinstance(body[0], ast.Return | ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Call) and _rooted_at_self_part(value.func):
                found.append(item.name)
    return found


def methods(source: str) -> set[str]:
    return {i.name for i in _service_class(ast.parse(source)).body if isinstance(i, ast.FunctionDef)}


def parts(source: str) -> set[str]:
    """The attributes `Service.__init__` assigns (`self.<part> = ...`): what a caller may take."""
    init = next(i for i in _service_class(ast.parse(source)).body if getattr(i, "name", "") == "__init__")
    return {
        t.attr
        for n in ast.walk(init)
        if isinstance(n, ast.Assign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }


def _is_service(receiver: str) -> bool:
    """How the code names a `Service`: `service`, `self.service`, `term.service`, `services[i]`,
    `service_of(request)` (the web floor's accessor). `test_service` and the like are not."""
    last = receiver.rsplit(".", 1)[-1]
    return last in ("service", "service_of(request)") or last.startswith("services[")


def asked_of_service(source: str, allowed: set[str]) -> list[tuple[int, str]]:
    """Where a `Service` is asked for a name that is not one of its parts: (line, name)."""
    found = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Attribute) and n.attr not in allowed and _is_service(ast.unparse(n.value)):
            found.append((n.lineno, n.attr))
    return found


def test_service_has_no_forwarders_and_no_way_in_beside_its_parts() -> None:
    source = CORE.read_text(encoding="utf-8")
    assert forwarders(source) == []
    assert methods(source) == OWN


def test_callers_ask_service_only_for_its_parts() -> None:
    source = CORE.read_text(encoding="utf-8")
    allowed = parts(source) | methods(source)
    wrong = [
        f"{path.relative_to(REPO)}:{line}: .{name}"
        for root in SCANNED
        for path in sorted(root.rglob("*.py"))
        for line, name in asked_of_service(path.read_text(encoding="utf-8"), allowed)
    ]
    assert wrong == []


CONTROL = '''
class Service:
    def __init__(self, cfg):
        self.queue = Queue(cfg)
        self.cfg: Cfg = cfg

    def claim_next(self, worker):
        """A forwarder."""
        return self.queue.claim_next(worker)

    def wake(self):
        self.queue.notify_workers()

    def close(self):
        self.engine.dispose()

    def leases(self):
        return self.queue.leases
'''


def test_the_scans_find_a_forwarder_and_a_call_through_it() -> None:
    assert forwarders(CONTROL) == ["claim_next", "wake"]
    assert parts(CONTROL) == {"queue", "cfg"}
    caller = "def f(service, term):\n    service.queue.claim_next('w')\n    term.service.claim_next('w')\n"
    assert asked_of_service(caller, parts(CONTROL)) == [(3, "claim_next")]
    assert asked_of_service("service_of(request).submit(x)\nmy_service.submit(x)\n", {"queue"}) == [
        (1, "submit")
    ]
