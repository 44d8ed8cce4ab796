"""The shipped similarity detector on its own measurement part: every class measured once with it.

    python benchmarks/bench_similarity_measured.py [--classes u,v,w,x] [--smoke]

Issue 46's goal is read on classes written blind and measured once with the detector as shipped,
never tuned on before (docs/similarity.md, "The goal, on the shipped detector's own measurement
part"). Those classes are spent once measured, so running this again tunes nothing: it only
reproduces the figures the docs give, per class and summed, for the code channel and for code with
the grading run's behaviour fingerprints (each class's `behaviour/<sid>.json`).

A round that ships a new model starts a new measurement part: MEASURED_WITH_SHIPPED then lists the
classes measured once with that model, and nothing else.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autograder.grade.run.behaviour_read import read_behaviour_file  # noqa: E402
from autograder.similarity.analyse import DEFAULT_THRESHOLD  # noqa: E402
from benchmarks import similarity_heldout as heldout  # noqa: E402

# Round 19 (trees fitted on d to t, frozen in f40087b): the classes written blind after its training
# classes and measured once with it.
MEASURED_WITH_SHIPPED = "u,v,w,x,y"


def _load(corpus: Path) -> heldout.HeldoutClass:
    """The class with the fingerprints its grading run stored as `behaviour/<sid>.json`."""
    cls = heldout.load(corpus)
    for path in sorted((corpus / "behaviour").glob("*.json")):
        if (read := read_behaviour_file(path)) is not None:
            cls.behaviour[read.student_id] = read.exercises
    return cls


def _add(total: heldout.Figures, one: heldout.Figures) -> None:
    for name in vars(total):
        setattr(total, name, getattr(total, name) + getattr(one, name))


def _row(name: str, f: heldout.Figures) -> str:
    found, flagged = heldout.percent(f.found, f.planted, 2), heldout.percent(f.flagged, f.independent, 2)
    short = f"{f.short_flagged}/{f.short_independent}"
    return f"  {name:<22} found {found:<17} flagged {flagged:<18} short flagged {short}"


def measure_classes(letters: list[str], channels: list[bool], threshold: float) -> list[str]:
    totals = {b: heldout.Figures() for b in channels}
    lines = []
    for letter in letters:
        cls = _load(ROOT / "tests" / "corpus" / f"similarity_heldout_{letter}")
        for with_behaviour in channels:
            start = time.perf_counter()
            figures = heldout.measure(cls, threshold, with_behaviour)
            _add(totals[with_behaviour], figures)
            name = f"{letter}: {'code+behaviour' if with_behaviour else 'code'}"
            lines.append(f"{_row(name, figures)}  ({time.perf_counter() - start:.1f} s)")
    for with_behaviour, total in totals.items():
        lines.append(_row(f"total: {'code+behaviour' if with_behaviour else 'code'}", total))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--classes", default=MEASURED_WITH_SHIPPED, help="spent classes (letters), comma-joined")
    ap.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    ap.add_argument("--smoke", action="store_true", help="the last class only, code channel only (seconds)")
    args = ap.parse_args()
    letters = args.classes.split(",")
    if args.smoke:
        letters = letters[-1:]
    channels = [False] if args.smoke else [False, True]
    print(f"the shipped detector on {','.join(letters)} (threshold {args.threshold:.2f}):")
    for line in measure_classes(letters, channels, args.threshold):
        print(line)


if __name__ == "__main__":
    main()
