"""In-process service core: a GradedOutcome as a worker reports one, for tests of the counted attempt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXERCISES = (
    "histogram",
    "recompile",
    "fusion",
    "safe_distance",
    "reduce_sum_rules",
    "gammaln_callback",
    "silu_ffi",
    "ffi_lowering",
)


def graded_outcome(score: float, out_dir: Path) -> Any:
    """A graded attempt of `score` out of 80 (10 points per exercise, the first score/10 full)."""
    from autograder.service.domain.core import GradedOutcome

    exercises = {ex: (10.0 if i < score / 10 else 0.0) for i, ex in enumerate(EXERCISES)}
    return GradedOutcome(score, 80.0, "ok", exercises, {}, (), str(out_dir))
