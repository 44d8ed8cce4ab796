#!/usr/bin/env python3
"""Print, per exercise, each boundary the hidden checks draw (the input classes of kind magnitude,
points, shape, axes and dtype), the sub-checks that judge it, and whether the input arrays are drawn
afresh in every grading or fixed (equal under two seeds on one structure: a value an answer could
special-case; the classes drawn from the student's structure are fixed per student by design, so a
resubmission meets them again). `--markdown` prints the table docs/input-classes.md holds between its
boundary markers, `--write` puts it there, `--check` only compares (exit 1 when the page is stale).
The table is autograder/exercises/boundary_table.py's, which scripts/input_classes.py writes too.

    .venv/bin/python scripts/boundary_coverage.py [--exercise ID] [--markdown | --write | --check]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.exercises import EXERCISE_IDS
from autograder.exercises.boundary_table import (
    BEGIN_MARK,
    BOUNDARY_KINDS,
    END_MARK,
    fixed_arrays,
    markdown,
    replace_section,
    rows,
)

__all__ = ["BEGIN_MARK", "BOUNDARY_KINDS", "DOC", "END_MARK", "fixed_arrays", "main", "rows"]

DOC = Path(__file__).resolve().parent.parent / "docs" / "input-classes.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exercise", choices=EXERCISE_IDS,
                        help="one exercise only (not with --write or --check)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--markdown", action="store_true", help="print the docs' boundary table")
    mode.add_argument("--write", action="store_true", help="write the table into docs/input-classes.md")
    mode.add_argument("--check", action="store_true", help="exit 1 when docs/input-classes.md is stale")
    args = parser.parse_args(argv)
    exercises = [args.exercise] if args.exercise else list(EXERCISE_IDS)
    if args.write or args.check:
        if args.exercise:
            parser.error("--write and --check take every exercise")
        doc = DOC.read_text(encoding="utf-8")
        text = replace_section(doc, markdown(exercises))
        if args.check:
            print(f"{DOC}: {'up to date' if text == doc else 'stale'}")
            return 0 if text == doc else 1
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC}")
        return 0
    if args.markdown:
        print(markdown(exercises), end="")
        return 0
    for ex in exercises:
        print(ex)
        for name, kind, checks, seen in rows(ex):
            print(f"  {name:<40} {kind:<10} {seen:>5}  {checks}")
        fixed = fixed_arrays(ex)
        print(f"  fixed arrays (same under two seeds): {', '.join(fixed) if fixed else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
