"""The locked environment: .venv holds exactly the versions of requirements-dev.lock, the two lock
files agree on every package they share, and every pin carries a hash (so pip refuses a swap).

The grader image's side (its venv resolves to requirements.lock) is checked in test_container.py,
where the image exists.
"""

from __future__ import annotations

from importlib import metadata

from packaging.utils import canonicalize_name

from helpers.lock_files import read_lock
from helpers.paths import REPO


def test_locks_pin_with_hashes_and_agree() -> None:
    runtime = read_lock(REPO / "requirements.lock")
    dev = read_lock(REPO / "requirements-dev.lock")
    assert {"jax", "jaxlib", "numpy", "scipy", "ipython", "nbformat"} <= set(runtime)
    assert {"otter-grader", "pytest", "ruff"} <= set(dev)
    differ = {n: (v, dev.get(n)) for n, v in runtime.items() if dev.get(n) != v}
    assert not differ, f"the runtime and dev locks disagree: {differ}"


def test_venv_matches_the_dev_lock() -> None:
    locked = read_lock(REPO / "requirements-dev.lock")
    wrong = {}
    for name, version in locked.items():
        try:
            got = metadata.version(name)
        except metadata.PackageNotFoundError:
            got = None
        if got != version:
            wrong[name] = (version, got)
    assert not wrong, f".venv differs from requirements-dev.lock (locked, installed): {wrong}"


def test_nbgrader_venv_matches_its_lock() -> None:
    """.venv-nbgrader (made by bootstrap.sh unless JAXGRADE_NO_NBGRADER is set) holds exactly its lock."""
    import json
    import subprocess

    python = REPO / ".venv-nbgrader" / "bin" / "python"
    if not python.exists():
        import pytest

        print("test_lock: .venv-nbgrader missing (bootstrap.sh with JAXGRADE_NO_NBGRADER?)")
        pytest.skip(".venv-nbgrader is missing: run ./scripts/bootstrap.sh without JAXGRADE_NO_NBGRADER")
    listing = (
        "import importlib.metadata as m, json;"
        "print(json.dumps({d.metadata['Name']: d.version for d in m.distributions()}))"
    )
    done = subprocess.run([str(python), "-c", listing], capture_output=True, text=True, check=True)
    installed = {canonicalize_name(k): v for k, v in json.loads(done.stdout).items()}
    locked = read_lock(REPO / "requirements-nbgrader.lock")
    wrong = {n: (v, installed.get(n)) for n, v in locked.items() if installed.get(n) != v}
    assert not wrong, f".venv-nbgrader differs from requirements-nbgrader.lock (locked, installed): {wrong}"
