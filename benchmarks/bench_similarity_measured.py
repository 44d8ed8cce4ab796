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
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autograder.similarity.analyse import DEFAULT_THRESHOLD  # noqa: E402
from autograder.similarity.behaviour import FILE_NAME  # noqa: E402
from benchmarks import similarity_heldout as heldout  # noqa: E402

# Round 19 (trees fitted on d to t, frozen in f40087b): the classes written blind after its training
# classes and measured once with it.
MEASURED_WITH_SHIPPED = "u,v,w,x,y"


def _behaviour_folder(corpus: Path, into: Path) -> Path:
    """The class's `behaviour/<sid>.json` laid out as a grading run's OUT folder holds them."""
    for path in sorted((corpus / "behaviour").glob("*.json")):
        (into / path.stem).mkdir(parents=True)
        shutil.copyfile(path, into / path.stem / FILE_NAME)
    return into


def _add(total: heldout.Figures, one: heldout.Figures) -> None:
    for name in vars(total):
        setattr(total, name, getattr(total, name) + getattr(one, name))


def _row(name: str, f: heldout.Figures) -> str:
    def pct(a: int, b: int) -> str:
        return f"{a}/{b} {100 * a / max(1, b):5.2f} %"

    return (
        f"  {name:<22} found {pct(f.found, f.planted):<17} flagged {pct(f.flagged, f.independent):<18}"
        f" short flagged {f.short_flagged}/{f.short_independent}"
    )


def measure_classes(letters: list[str], channels: list[bool], threshold: float) -> list[str]:
    totals = {b: heldout.Figures() for b in channels}
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for letter in letters:
            corpus = ROOT / "tests" / "corpus" / f"similarity_heldout_{letter}"
            cls = heldout.load(corpus, _behaviour_folder(corpus, Path(tmp) / letter))
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
