"""No `async def` of the web layer does blocking work on the event loop (issue 32, section 3).

An `async def` route runs on the event loop: while it runs, no other request of the process is
answered. So such a route may await (the body, `anyio.to_thread.run_sync`, `form_posts.form_post`)
and call cheap helpers, but it must not itself call the service's parts, the engine, SQLAlchemy, a
connection, the session store, the page renderer, or open a file: those go to a worker thread
(form_posts.py shows the pattern). The AST scan below holds every module-level `async def` under
autograder/service/web/ to that; a control example shows that a violation fails.

The behavioural test holds one moved route's database write (an override's audit entry, through
`helpers/hold_intake/sitecustomize.py`) and asks for a static file meanwhile, on a real
`jaxgrade serve`: before the move, the file waited for the write.
"""

from __future__ import annotations

import ast
import json
import os
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import held_pipe as held  # the named pipe a held write waits on, and its helpers
from helpers.paths import REPO
from helpers.served import Served, call, serve, write_roster
from helpers.waiting import wait_for

WEB = REPO / "autograder" / "service" / "web"
WAIT_S = 60  # a bound on a hung server, not a timing assertion

# Modules whose names, when called (not awaited) on the loop, do blocking work.
BLOCKING_MODULES = ("autograder.service.domain", "autograder.service.storage", "sqlalchemy")
# Cheap names from those modules: building an exception to raise, or a test of one.
CHEAP_IMPORTS = {"refusal", "Refusal", "busy_refusal", "too_large"}
# Names in a called chain that mean the database or the service's parts.
BLOCKING_PARTS = {"engine", "conn", "sa", "sqlalchemy", "service", "service_of()", "connect", "begin"}
# Methods that touch files.
FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "unlink", "mkdir"}
# page_auth's loop-safe helpers (the others read or write the session store); page_kit's page makers.
PAGE_AUTH_CHEAP = {"service_of", "client_address"}
RENDERERS = {"render", "error_page", "TemplateResponse"}
# Other calls an `async def` may make on the loop (file, dotted name), with the reason.
ALLOWED: dict[tuple[str, str], str] = {
    ("api.py", "service_of"): "reads the app's state",
    ("pages.py", "_query_assignment"): "reads the request's query string",
    ("term_api.py", "_when"): "parses one ISO 8601 time",
    ("upload_flow.py", "_state"): "reads (or makes, once) the in-memory upload counters",
    ("upload_flow.py", "_one_of_the_students_uploads"): "counts in memory",
    ("upload_flow.py", "refusal_bucket.counts"): "tests a refusal's status",
    ("uploads.py", "declared_length_ok"): "reads a header",
    ("uploads.py", "_boundary"): "reads a header",
    ("uploads.py", "spool_failed"): "builds the refusal (and logs a line)",
}


def dotted(node: ast.expr) -> list[str]:
    """`a.b.c` as ["a", "b", "c"]; a call in it as "name()": ["page_auth", "service_of()", "engine"]."""
    parts: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
            continue
        if isinstance(node, ast.Call):
            inner = dotted(node.func)
            parts.append(f"{inner[-1]}()" if inner else "?()")
            parts.extend(reversed(inner[:-1]))
        elif isinstance(node, ast.Name):
            parts.append(node.id)
        return list(reversed(parts))


def imported_names(tree: ast.Module) -> dict[str, str]:
    """Each name a module imports -> the module it comes from ("x" of `from m import x` -> "m.x")."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            for a in node.names:
                found[(a.asname or a.name).split(".")[0]] = a.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                found[a.asname or a.name] = f"{node.module}.{a.name}"
    return found


def why_blocking(parts: list[str], imports: dict[str, str], local_sync: set[str], where: str) -> str | None:
    """Why a call (not awaited) of this dotted name blocks the loop, or None when it is cheap."""
    if not parts or (where, ".".join(parts)) in ALLOWED:
        return None
    root = parts[0].removesuffix("()")
    source = imports.get(root, "")
    if source.startswith(BLOCKING_MODULES) and not (len(parts) == 1 and root in CHEAP_IMPORTS):
        return f"calls {source} (the service's parts, storage or SQLAlchemy)"
    if hit := set(parts) & BLOCKING_PARTS:
        return f"calls through {sorted(hit)} (the database or the service's parts)"
    if parts[-1] in FILE_CALLS:
        return "opens or writes a file"
    if source.endswith(".page_auth") or source.startswith("autograder.service.web.page_auth."):
        name = parts[1] if root == "page_auth" and len(parts) > 1 else root
        if name.removesuffix("()") not in PAGE_AUTH_CHEAP:
            return f"calls page_auth.{name} (the session store)"
    if parts[-1] in RENDERERS:
        return "renders a page"
    if len(parts) == 1 and root in local_sync:
        return f"calls the plain function {root} on the loop (run it with anyio.to_thread.run_sync)"
    return None


def loop_violations(source: str, filename: str) -> list[str]:
    """`file:line async_fn: call - why` for each blocking call an `async def` makes on the loop."""
    tree = ast.parse(source)
    imports = imported_names(tree)
    module_sync = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    found: list[str] = []
    for fn in tree.body:
        if not isinstance(fn, ast.AsyncFunctionDef):
            continue
        nested = {n.name for n in ast.walk(fn) if isinstance(n, ast.FunctionDef)}
        local_sync = module_sync | nested

        def visit(node: ast.AST, fn: ast.AsyncFunctionDef = fn, local_sync: set[str] = local_sync) -> None:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                return  # a nested function runs where it is sent (a worker thread), scanned when called
            if isinstance(node, ast.Await) and isinstance(node.value, ast.Call):
                for arg in [*node.value.args, *(k.value for k in node.value.keywords)]:
                    visit(arg)  # an awaited call yields the loop; its arguments are evaluated on it
                return
            if isinstance(node, ast.Call):
                parts = dotted(node.func)
                if why := why_blocking(parts, imports, local_sync, filename):
                    found.append(f"{filename}:{node.lineno} {fn.name}: {'.'.join(parts)} - {why}")
            for child in ast.iter_child_nodes(node):
                visit(child)

        for statement in fn.body:
            visit(statement)
    return found


def test_no_async_def_of_the_web_layer_blocks_the_loop() -> None:
    found: list[str] = []
    for path in sorted(WEB.rglob("*.py")):
        found += loop_violations(path.read_text(encoding="utf-8"), str(path.relative_to(WEB)))
    assert not found, "blocking work on the event loop:\n" + "\n".join(found)


BLOCKING_ROUTE = """
import anyio.to_thread
from autograder.service.domain import grade_review
from autograder.service.web import page_auth, page_kit
from autograder.service.web.form_posts import form_post

async def on_the_loop(request):
    session = page_auth.current_session(request)
    form = await page_kit.small_form(request)
    service = page_auth.service_of(request)
    grade_review.set_override(service, "a", "s", "t", 1.0, "c", "ta")
    with service.engine.begin() as conn:
        conn.execute(None)
    text = open("notes.txt").read()
    return page_kit.render(request, session, "page.html", {})

async def off_the_loop(request):
    return await form_post(request, _off_the_loop)

async def awaited_then_called(request):
    posted = await form_post(request, _off_the_loop)
    return _off_the_loop(request, posted)

def _off_the_loop(request, posted):
    return page_kit.render(request, page_auth.current_session(request), "page.html", {})
"""


def test_the_scan_finds_each_kind_of_blocking_call_and_passes_the_thread_pattern() -> None:
    found = loop_violations(BLOCKING_ROUTE, "control.py")
    lines = sorted(int(v.split(":")[1].split()[0]) for v in found)
    # current_session, set_override, engine.begin, conn.execute, open, render (the awaited form is
    # fine), and the plain call after an await
    assert lines == [8, 11, 12, 13, 14, 15, 22], found
    assert not [v for v in found if " off_the_loop:" in v]  # the thread pattern passes
    assert [v for v in found if " awaited_then_called:" in v]  # a plain call after an await does not


# ---- a held database write of a moved route does not stop a cheap GET ----------------------------


@pytest.fixture
def term(tmp_path: Path, fifo: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setenv("JAXGRADE_TEST_HOLD_AUDIT_ACTION", "override")  # an override's audit entry waits
    roster = write_roster(tmp_path / "roster.csv", ("c01",))
    course = held.write_course(tmp_path / "course.toml")
    s = serve(tmp_path / "data", "--course", str(course), "--roster", str(roster), "--workers", "0")
    try:
        yield s
    finally:
        try:  # a test that failed half way leaves its write held
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass  # ENXIO: no write is held
        s.stop()


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A named pipe the held audit entry waits on."""
    yield held.make_fifo(tmp_path, monkeypatch)


def test_a_page_is_answered_while_an_override_put_writes_to_the_database(term: Served, fifo: Path) -> None:
    done: list[str] = []
    released = threading.Event()

    def put_override() -> None:  # its audit entry is held (helpers/hold_intake/sitecustomize.py)
        body = json.dumps({"points": 1, "comment": "checked by hand"}).encode()
        status, _headers, _body = call(
            term, "PUT", "/api/overrides/hw2/c01/histogram", token=term.ta, body=body,
            headers={"Content-Type": "application/json"},
        )  # fmt: skip
        done.append(f"override {status}")

    def page() -> None:
        with urllib.request.urlopen(term.url + "/static/style.css", timeout=WAIT_S) as r:
            assert r.status == 200 and r.read()
        done.append("page after the write went on" if released.is_set() else "page while the write was held")

    putter = threading.Thread(target=put_override, daemon=True)
    putter.start()
    wait_for("the override's audit entry to be written", lambda: held.reader_started(fifo), timeout=WAIT_S)
    getter = threading.Thread(target=page, daemon=True)
    getter.start()
    getter.join(WAIT_S)
    released.set()
    held.release_reader(fifo)
    putter.join(WAIT_S)
    getter.join(WAIT_S)
    assert done == ["page while the write was held", "override 200"], f"the page waited for the write: {done}"
