"""Fixtures shared by several test files.

- `fresh_release`: `solutions/` released by the real `otter assign` once per test session (version
  2026-fall, so it must equal the committed `assignments/2026-fall/`; test_release.py checks that).
  Releasing takes tens of seconds; every test that needs a release built from the current masters
  shares this one instead of building its own.

The fast inner loop is `pytest -m "not slow"` (README, "Tests"); the whole suite is the CI command.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SOLUTIONS = REPO / "solutions"
COMMITTED_RELEASE = REPO / "assignments" / "2026-fall"


@pytest.fixture(scope="session")
def fresh_release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A release folder built from the current masters (read-only by convention: copy before editing)."""
    from autograder.release.build import build_release

    out = tmp_path_factory.mktemp("fresh-release")
    return build_release("2026-fall", SOLUTIONS, out, log=lambda _m: None).path
