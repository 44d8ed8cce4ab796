"""The suite's own rules: hermetic HOME and in CI no skip outside the allowlist (tests/conftest.py);
shared code lives in tests/helpers/, so no test module imports another or edits `sys.path`."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

SKIPPING_TESTS = """
import pytest

def test_allowed():
    pytest.skip("rlimit mode: sandbox uids cannot reach the interpreter /x")

def test_not_allowed():
    pytest.skip("bwrap is not installed")

def test_runs():
    assert True
"""


def _run_suite(tmp_path: Path, source: str, ci: bool) -> subprocess.CompletedProcess[str]:
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    shutil.copy(TESTS / "skip_allowlist.txt", tmp_path / "skip_allowlist.txt")
    (tmp_path / "test_sample.py").write_text(source)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_in_ci_a_skip_outside_the_allowlist_fails_the_run(tmp_path: Path) -> None:
    r = _run_suite(tmp_path, SKIPPING_TESTS, ci=True)
    assert r.returncode == 1, r.stdout
    assert "test_not_allowed: bwrap is not installed" in r.stdout
    assert "test_allowed" not in r.stdout.split("skips not on")[1]


def test_outside_ci_skips_only_skip(tmp_path: Path) -> None:
    r = _run_suite(tmp_path, SKIPPING_TESTS, ci=False)
    assert r.returncode == 0, r.stdout
    assert "1 passed, 2 skipped" in r.stdout


def test_in_ci_allowlisted_skips_pass(tmp_path: Path) -> None:
    source = SKIPPING_TESTS.replace('pytest.skip("bwrap is not installed")', "pass")
    r = _run_suite(tmp_path, source, ci=True)
    assert r.returncode == 0, r.stdout


IPYTHON_SHELL_TEST = """
def test_shell():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    assert shell.run_cell("x = 1", store_history=True).success
"""


def test_an_ipython_shell_a_test_left_ends_before_the_private_home_goes(tmp_path: Path) -> None:
    """Its history's atexit hook used to write to a SQLite file under the removed HOME at exit."""
    r = _run_suite(tmp_path, IPYTHON_SHELL_TEST, ci=False)
    assert r.returncode == 0, r.stdout
    assert "1 passed" in r.stdout
    assert "readonly database" not in r.stderr + r.stdout and "Traceback" not in r.stderr, r.stderr


def test_tests_see_a_private_home_and_no_jaxgrade_overrides() -> None:
    home = Path(os.environ["HOME"])
    assert home.name.startswith("jaxgrade-test-home-") and home != Path("/root")
    assert os.environ["XDG_CACHE_HOME"] == str(home / ".cache")
    from conftest import MACHINE_STATE_VARS

    assert not [k for k in MACHINE_STATE_VARS if k in os.environ]
    from autograder.grade import compile_cache

    assert home in compile_cache.default_root().parents


# --- shared code: tests/helpers/, never another test module ------------------------------------------

# a script a test writes for a child process, importing a test module (`from test_x import ...`)
CHILD_IMPORTS_A_TEST_MODULE = re.compile(r"^\s*(?:from|import)\s+(?:tests\.)?test_\w+", re.MULTILINE)


def _names_a_test_module(module: str) -> bool:
    return any(part.startswith("test_") for part in module.split("."))


def _is_sys_path(expr: ast.AST) -> bool:
    if isinstance(expr, ast.Subscript):
        expr = expr.value
    return (
        isinstance(expr, ast.Attribute)
        and expr.attr == "path"
        and isinstance(expr.value, ast.Name)
        and expr.value.id == "sys"
    )


def _violation(node: ast.AST) -> str | None:
    if isinstance(node, ast.Import):
        hits = [a.name for a in node.names if _names_a_test_module(a.name)]
        return f"imports the test module {hits[0]}" if hits else None
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        hit = any(map(_names_a_test_module, names))
        return f"imports from the test module {node.module}" if hit else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        edits = node.func.attr in ("insert", "append", "extend", "remove") and _is_sys_path(node.func.value)
        return "edits sys.path" if edits else None
    if isinstance(node, ast.Assign | ast.AugAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return "edits sys.path" if any(map(_is_sys_path, targets)) else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        m = CHILD_IMPORTS_A_TEST_MODULE.search(node.value)
        return f"a child's script imports a test module ({m.group(0).strip()})" if m else None
    return None


def cross_module_violations(source: str) -> list[str]:
    """`line: what`, in line order, for every import of a test module (also in a script a test writes
    for a child process) and every `sys.path` edit in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (what := _violation(node)) is not None:
            found.append((node.lineno, what))
    return [f"{line}: {what}" for line, what in sorted(found)]


def suite_files() -> list[Path]:
    """Every test module, tests/conftest.py and every module of tests/helpers/."""
    helpers = sorted((TESTS / "helpers").glob("*.py"))
    return [*sorted(TESTS.glob("test_*.py")), TESTS / "conftest.py", *helpers]


def test_no_test_module_imports_another_or_edits_sys_path() -> None:
    found = [
        f"{path.relative_to(TESTS.parent)}:{v}"
        for path in suite_files()
        for v in cross_module_violations(path.read_text(encoding="utf-8"))
    ]
    assert not found, "shared test code belongs in tests/helpers/ (`from helpers.<module> import ...`):\n" + (
        "\n".join(found)
    )


# `{t}`: this file must not hold what it looks for
CROSS_MODULE_SAMPLE = """
import sys
import {t}service
from {t}grade_cli import fake_grade
from tests.{t}dask import rows
from tests import {t}lock
sys.path.insert(0, "tests")
sys.path[:0] = ["tests"]
DRIVER = '''
from {t}grade_cli import fake_grade
'''
from helpers.served import serve
from autograder.grade import compile_cache
PROBE = 'sys.path.insert(0, "/opt/jaxgrade/src")'  # a child's own path, not the suite's
""".format(t="test_")


def test_the_rule_sees_each_kind_of_cross_module_import() -> None:
    assert cross_module_violations(CROSS_MODULE_SAMPLE) == [
        "3: imports the test module test_service",
        "4: imports from the test module test_grade_cli",
        "5: imports from the test module tests.test_dask",
        "6: imports from the test module tests",
        "7: edits sys.path",
        "8: edits sys.path",
        "9: a child's script imports a test module (from test_grade_cli)",
    ]
    assert TESTS / "test_service.py" in suite_files() and TESTS / "helpers" / "served.py" in suite_files()
