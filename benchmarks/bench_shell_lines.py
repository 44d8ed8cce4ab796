"""What a notebook of `!` lines costs the grading child, with and without the shell-command budget.

    .venv/bin/python benchmarks/bench_shell_lines.py [--lines 1950] [--smoke]

Runs the grading child's own shell and cell runner (autograder/sandboxed/child_main.py) in a child
process of its own, no sandbox around it (the cells are this script's `!true` and `%pwd` lines,
not a student's), on --lines `!true` lines and as many `%pwd` lines spread over 13 cells, as the
probe upload of issue 32 section 8 had. Once as grading runs them (`start_shell`: at most
MAX_SHELL_COMMANDS shell commands per chapter), once with the plain IPython shell (`make_shell`,
every line starts a shell). Prints the seconds of each and their ratio. A full `jaxgrade grade` of
that probe notebook spent 230 s in its chapter child before the budget, 10 s for an ordinary one.
--smoke: 40 lines, so the test suite keeps the script alive.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.sandboxed.child_main import MAX_SHELL_COMMANDS  # noqa: E402

RUN = """
import json, pathlib, sys, time
from autograder.sandboxed.child_main import CappedText, make_shell, run_answer_cells, start_shell
bounded = sys.argv[1] == "bounded"
shell = start_shell(pathlib.Path("."), [], CappedText()) if bounded else make_shell()
cells = tuple(json.loads(sys.stdin.read()))
t0 = time.perf_counter()
errors = run_answer_cells(shell, cells, CappedText())
print(json.dumps({"s": time.perf_counter() - t0, "failed_cells": len(errors)}))
"""


def run(kind: str, cells: list[str]) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-shell-") as tmp:
        done = subprocess.run(
            [sys.executable, "-c", RUN, kind], input=json.dumps(cells), capture_output=True, text=True,
            cwd=tmp, check=True, env=os.environ | {"PYTHONPATH": str(REPO)},
        )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1950)
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    lines = 40 if args.smoke else args.lines
    per_cell = max(1, lines // 13)
    cells = ["".join("!true\n%pwd\n" for _ in range(per_cell))] * 13
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    bounded, plain = run("bounded", cells), run("plain", cells)
    n = per_cell * 13
    print(f"{n} `!true` + {n} `%pwd` lines in 13 cells")
    print(f"bounded (at most {MAX_SHELL_COMMANDS} shell commands): {bounded['s']:8.2f} s, "
          f"{bounded['failed_cells']} cells stopped")  # fmt: skip
    print(f"unbounded (every line a shell):        {plain['s']:8.2f} s")
    print(f"ratio unbounded/bounded: {plain['s'] / max(bounded['s'], 1e-9):.1f}x")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
