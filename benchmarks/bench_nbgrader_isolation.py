"""How much nbgrader would slow grading if it shared the grading environment, and that it does not.

Prints the median wall time of `python -c "import nbformat"` in the grading venv (.venv) and in the
nbgrader venv (.venv-nbgrader), the ratio, and whether rfc3987_syntax is loaded in each
(python -X importtime).
Run: .venv/bin/python benchmarks/bench_nbgrader_isolation.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RUNS = 7


def import_time(python: str) -> float:
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run([python, "-c", "import nbformat"], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def loads_rfc3987(python: str) -> bool:
    err = subprocess.run([python, "-X", "importtime", "-c", "import nbformat"], capture_output=True,
                         text=True, check=True).stderr  # fmt: skip
    # a failed import attempt is listed too; a loaded package also lists its submodules
    return any(line.split("|")[-1].strip().startswith("rfc3987_syntax.") for line in err.splitlines())


def main() -> None:
    grading = sys.executable
    nbg = str(REPO / ".venv-nbgrader" / "bin" / "python")
    a, b = import_time(grading), import_time(nbg)
    for label, t, py in (("grading venv ", a, grading), ("nbgrader venv", b, nbg)):
        loaded = loads_rfc3987(py)
        print(f"import nbformat, {label}: {t:.3f} s (median of {RUNS}), rfc3987_syntax loaded: {loaded}")
    print(f"ratio nbgrader/grading: {b / a:.1f}x")


if __name__ == "__main__":
    main()
