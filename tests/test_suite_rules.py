"""The suite's own rules (tests/conftest.py): hermetic HOME, and in CI no skip outside the allowlist."""

from __future__ import annotations

import os
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


def test_tests_see_a_private_home_and_no_jaxgrade_overrides() -> None:
    home = Path(os.environ["HOME"])
    assert home.name.startswith("jaxgrade-test-home-") and home != Path("/root")
    assert os.environ["XDG_CACHE_HOME"] == str(home / ".cache")
    assert not [k for k in os.environ if k.startswith(("JAXGRADE_", "JAXCOURSE_"))]
    from autograder.grade import compile_cache

    assert home in compile_cache.default_root().parents
