"""The similarity tokeniser's CPU on answers shaped to make its tree walks costly (trusted parent).

    .venv/bin/python benchmarks/bench_similarity_hostile.py [--smoke]

Each shape is tokenised at a quarter of the compared length and at the full length
(`analyse.MAX_UNIT_CHARS`, 100,000 characters; `--smoke`: 4,000). Prints the CPU seconds of each
(`time.process_time`, this process) and their ratio: about 4 when the work grows linearly with the
text, about 16 when it is quadratic; a shape that doubles its work per level does not finish. The
shapes are the ones that did not (docs/contributors/similarity-engine.md, "Hostile shapes").
Nothing is asserted here.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.similarity.analyse import MAX_UNIT_CHARS  # noqa: E402
from autograder.similarity.tokens import tokenize  # noqa: E402


def _fill(head: str, unit: str, tail: str, size: int) -> str:
    return (head + unit * (size // len(unit)))[: size - len(tail)] + tail


# name -> (language, text of about `size` characters)
SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {
    "nested [": ("python", lambda size: "x = " + "[" * (size // 2 - 2) + "]" * (size // 2 - 2)),
    "[1, under one node": ("python", lambda size: _fill("x = ", "[1,", "", size)),
    "{1: under one node": ("python", lambda size: _fill("x = ", "{1:", "", size)),
    "f( under one node": ("python", lambda size: _fill("x = ", "f(", "", size)),
    "a sum of ones": ("python", lambda size: _fill("x = 1", "+1", "\n", size)),
    "nested -- in a kernel": ("cpp", lambda size: _fill("void f() { x = ", "-", "1; }", size)),
    "if(a) in a kernel": ("cpp", lambda size: _fill("void f() {", "if(a)", "b(); }", size)),
    "nested { in a kernel": (
        "cpp", lambda size: "void f() {" + "{" * (size // 2 - 6) + "}" * (size // 2 - 5)
    ),
}


def cpu_seconds(text: str, language: str) -> float:
    start = time.process_time()
    tokenize(text, language)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="4,000 characters (for the test suite)")
    args = parser.parse_args()
    size = 4_000 if args.smoke else MAX_UNIT_CHARS
    print(f"tokenise each shape at {size // 4:,} and {size:,} characters (CPU seconds, this process)")
    worst = ("", 0.0)
    for name, (language, make) in SHAPES.items():
        small, full = cpu_seconds(make(size // 4), language), cpu_seconds(make(size), language)
        ratio = full / small if small > 0 else float("nan")
        print(f"{name:24} {small:8.3f} s {full:8.3f} s   ratio full/quarter {ratio:5.1f}")
        worst = max(worst, (name, full), key=lambda w: w[1])
    print(f"worst at {size:,} characters: {worst[0]} {worst[1]:.3f} s (linear: ratio about 4)")


if __name__ == "__main__":
    main()
