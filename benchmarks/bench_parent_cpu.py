"""The trusted parent's CPU for worst-case notebooks at the upload caps.

    .venv/bin/python benchmarks/bench_parent_cpu.py [--smoke] [--release assignments/2026-fall]

Every notebook below is as large as intake accepts (a 20 MB notebook; `--smoke`: 200 KB, for the
test suite) and built to make the parent's own work on student text as expensive as possible: the
work of intake (JSON, structure, chapter, content hash), of the cell mapping (IPython's input
transformer, `ast`, the line patterns; grade/cells.py) and of the kernel source scan (`%%writefile`
cells; grade/build.py). Student code never runs here: this is only what the parent does before
a child starts. Prints the CPU seconds of each case (this process, `time.process_time`) and the
worst one; the caps that bound them are in grade/cells.py and grade/intake_read.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.grade import cells as cells_mod  # noqa: E402
from autograder.grade.build import find_kernel_sources, writefile_notes  # noqa: E402
from autograder.grade.cells import map_cells  # noqa: E402
from autograder.grade.intake import DEFAULT_LIMITS, chapter_of, content_hash, parse_notebook  # noqa: E402
from autograder.model import ChapterNotebook, ReleaseInfo  # noqa: E402


def _code(source: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}


def _fill(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit))


def worst_cases(size: int, max_cells: int) -> dict[str, Callable[[], list[dict]]]:
    """Case name -> the cells of a notebook of about `size` bytes."""
    per_cell = max(1, size // max_cells)
    magic_cell = _fill("!echo x\n", min(per_cell, 400)) + "def primitive_histogram(f):\n    pass\n"
    return {
        "one cell of `!` lines": lambda: [_code(_fill("!echo jaxgrade\n", size))],
        "max cells, magic lines each": lambda: [_code(magic_cell) for _ in range(max_cells)],
        "cells of Python at the per-cell cap": lambda: [
            _code(
                _fill(f"def f{i}(x):\n    return x + {i}\n", cells_mod.MAX_ANALYSED_CELL_CHARS)[
                    : per_cell * 50
                ]
            )
            for i in range(max(1, size // (per_cell * 50)))
        ],
        "one `1+1+...` cell": lambda: [_code("x = " + _fill("1+", size) + "1\n")],
        "deeply nested brackets": lambda: [_code("x = " + "(" * (size // 2) + ")" * (size // 2) + "\n")],
        "max cells, nested expressions": lambda: [
            _code("x = " + "[" * 90 + "]" * 90 + "\n") for _ in range(max_cells)
        ],
        "one %%writefile cell": lambda: [_code("%%writefile silu.cc\n" + _fill("int x; // y\n", size))],
        "many %%writefile cells": lambda: [
            _code(f"%%writefile k{i}.cc\nint x{i};\n") for i in range(max_cells)
        ],
    }


def parent_work(chapter: str, nb_cells: list[dict], release_nb: dict, release_version: str) -> None:
    """What the parent does with one notebook before any child starts (intake, cells, kernel scan)."""
    doc = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "cells": nb_cells,
        "metadata": {"jaxgrade": {"chapter": chapter, "release": release_version}},
    }
    data = json.dumps(doc).encode()
    nb = parse_notebook(data, "bench.ipynb")
    chapter_of(nb)
    content_hash({chapter: ChapterNotebook(chapter, "bench.ipynb", nb)}, {})
    mapped = map_cells(chapter, release_nb, nb)
    answers = sorted((c for cs in mapped.answers.values() for c in cs), key=lambda c: c.index)
    writefile_notes(answers)
    find_kernel_sources(answers, {})


def measure(size: int, release: ReleaseInfo) -> dict[str, float]:
    release_nb = json.loads(release.notebooks["ch05"].read_text(encoding="utf-8"))
    seconds = {}
    # as many cells as intake accepts, each at least ~200 bytes: the notebook stays within `size`
    max_cells = min(DEFAULT_LIMITS.max_cells, size // 200)
    for name, make in worst_cases(size, max_cells).items():
        nb_cells = make()
        cells_mod._python_text.cache_clear()
        t0 = time.process_time()
        parent_work("ch05", nb_cells, release_nb, release.version)
        seconds[name] = time.process_time() - t0
        print(f"{name:40s} {seconds[name]:8.2f} s CPU", flush=True)
    return seconds


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--smoke", action="store_true", help="200 KB notebooks (seconds, for the test suite)")
    p.add_argument("--release", type=Path, default=REPO / "assignments" / "2026-fall")
    args = p.parse_args(argv)
    # 90 % of the cap in source text: JSON's escapes (`\\n` in every line) must still fit under it
    size = 200_000 if args.smoke else int(0.9 * DEFAULT_LIMITS.max_notebook_bytes)
    print(
        f"parent CPU per notebook of ~{size / 2**20:.1f} MB"
        f" (cap {DEFAULT_LIMITS.max_notebook_bytes / 2**20:.0f} MB, {DEFAULT_LIMITS.max_cells} cells;"
        f" analysed per cell {cells_mod.MAX_ANALYSED_CELL_CHARS} chars,"
        f" {cells_mod.MAX_MAGIC_LINES} magic lines;"
        f" per notebook {cells_mod.ANALYSED_CHARS_PER_NOTEBOOK} chars, {cells_mod.MAGIC_LINES_PER_NOTEBOOK}"
        " magic lines)"
    )
    seconds = measure(size, ReleaseInfo.load(args.release))
    worst = max(seconds, key=seconds.__getitem__)
    print(f"worst: {worst}: {seconds[worst]:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
