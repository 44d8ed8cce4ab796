#!/usr/bin/env python3
"""Print, per exercise, the declared input classes and which hidden check covers each; write the
Markdown table to docs/input-classes.md (`--check` only compares and exits 1 when it is stale)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.exercises import EXERCISE_IDS, load
from autograder.exercises.input_classes import coverage, pool_draws, render_markdown

DOC = Path(__file__).resolve().parent.parent / "docs" / "input-classes.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true",
                        help="compare with docs/input-classes.md, write nothing")
    args = parser.parse_args(argv)
    rows = {ex: coverage(load(ex), pool_draws(load(ex))) for ex in EXERCISE_IDS}
    for ex, ex_rows in rows.items():
        print(ex)
        for r in ex_rows:
            c = r.input_class
            where = (", ".join(c.checks) if c.checks
                     else f"outside the task ({c.outside_task})" if c.outside_task else "GAP (not drawn)")
            seen = f"{r.structures_witnessed}/{r.structures}" if c.drawn else "-"
            print(f"  {c.name:<40} {seen:>5}  {where}")
    text = render_markdown(rows)
    if args.check:
        stale = not DOC.is_file() or DOC.read_text(encoding="utf-8") != text
        print(f"{DOC}: {'stale' if stale else 'up to date'}")
        return 1 if stale else 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
