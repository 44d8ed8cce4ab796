"""The parent's deferred IPython imports go through one lock (autograder/grade/ipython_once.py).

Two jobs graded at once once failed with "cannot import name 'ESC_MAGIC' from partially initialized
module": IPython's modules import each other in a cycle, and two threads importing them at the same
moment can meet one half initialised, a grader fault no student caused. The race is rare, so the
rule is checked where it is written: every function of the grading engine that imports IPython (or
the one-pass transform that imports it) calls `ipython_once.load()` before that import; and a fresh
interpreter whose eight threads all start with IPython's first use ends with no error.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from helpers.paths import REPO

GRADE = REPO / "autograder" / "grade"
DEFERRED = ("IPython", "autograder.sandboxed.ipython_transform")


def _imports_ipython(node: ast.stmt) -> bool:
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").startswith(DEFERRED)
    if isinstance(node, ast.Import):
        return any(a.name.startswith(DEFERRED) for a in node.names)
    return False


def _loads_first(fn: ast.FunctionDef, imp: ast.stmt) -> bool:
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "load"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "ipython_once"
            and node.lineno < imp.lineno
        ):
            return True
    return False


def unlocked_imports(folder: Path) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for imp in ast.walk(fn):
                if isinstance(imp, ast.stmt) and _imports_ipython(imp) and not _loads_first(fn, imp):
                    found.append(f"{path.relative_to(folder)}:{imp.lineno} in {fn.name}")
    return found


def test_every_deferred_ipython_import_of_the_grading_engine_takes_the_lock_first() -> None:
    assert unlocked_imports(GRADE) == []


def test_the_check_finds_an_import_without_the_lock(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "def f():\n    from IPython.core.error import UsageError\n    return UsageError\n\n"
        "def g():\n    ipython_once.load()\n    from IPython.core.error import UsageError\n",
        encoding="utf-8",
    )
    found = unlocked_imports(tmp_path)
    assert len(found) == 1 and found[0].endswith(":2 in f")


RACE = r"""
import threading
from autograder.grade import build, cells
errors = []
def first_use(i):
    try:
        assert cells._python_text("x = %d\n!echo hi\n" % i) is not None
        assert build._writefile("%%writefile a.cc\nint x;\n") is not None
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=first_use, args=(i,)) for i in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print("errors", errors)
"""


def test_eight_threads_meeting_ipython_first_all_at_once_get_no_error() -> None:
    done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0 and "errors []" in done.stdout, done.stdout + done.stderr[-2000:]
