"""Where the checkout's committed inputs are: the repository, the released assignment, the examples."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RELEASE = REPO / "assignments" / "2026-fall"
EXAMPLES = REPO / "examples" / "submissions"
