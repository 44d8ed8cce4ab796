#!/usr/bin/env python3
"""Print, per exercise, each boundary the hidden checks draw (the input classes of kind magnitude,
points, shape, axes and dtype), the sub-checks that judge it, and whether the input arrays are drawn
afresh in every grading or fixed (equal under two seeds on one structure: a value an answer could
special-case; the classes drawn from the student's structure are fixed per student by design, so a
resubmission meets them again). The docs' table (docs/input-classes.md) is generated from the same
declarations by scripts/input_classes.py.

    .venv/bin/python scripts/boundary_coverage.py [--exercise ID]
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from autograder.exercises import EXERCISE_IDS, load
from autograder.exercises.input_classes import coverage, pool_draws

BOUNDARY_KINDS = ("magnitude", "points", "shape", "axes", "dtype")


def fixed_arrays(exercise: str, structure: int = 0) -> list[str]:
    """Input arrays of `exercise` whose values are the same under two seeds on one structure."""
    mod = load(exercise)
    if mod.EXERCISE.per_student:
        a, b = (mod.inputs(s, student_id="boundary-coverage") for s in (101, 202))
    else:
        a, b = (mod.inputs(s, structure_seed=structure) for s in (101, 202))
    return sorted(k for k in a.arrays if k in b.arrays and a.arrays[k].shape == b.arrays[k].shape
                  and np.array_equal(a.arrays[k], b.arrays[k]))


def rows(exercise: str) -> list[tuple[str, str, str, str]]:
    """(class, kind, checks, witnessed) for each boundary class of `exercise`."""
    mod = load(exercise)
    out = []
    for r in coverage(mod, pool_draws(mod)):
        c = r.input_class
        if c.kind not in BOUNDARY_KINDS:
            continue
        checks = (", ".join(c.checks) if c.checks
                  else f"outside the task ({c.outside_task})" if c.outside_task else "GAP (not drawn)")
        out.append((c.name, c.kind, checks, f"{r.structures_witnessed}/{r.structures}" if c.drawn else "-"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exercise", choices=EXERCISE_IDS, help="one exercise only")
    args = parser.parse_args(argv)
    for ex in [args.exercise] if args.exercise else EXERCISE_IDS:
        print(ex)
        for name, kind, checks, seen in rows(ex):
            print(f"  {name:<40} {kind:<10} {seen:>5}  {checks}")
        fixed = fixed_arrays(ex)
        print(f"  fixed arrays (same under two seeds): {', '.join(fixed) if fixed else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
