"""Run the real `otter assign` on one master notebook, in a child process (instructor side).

A child process keeps otter's chdir, logging and temporary folders away from us: its TMPDIR points
into our scratch folder, so nothing it leaves behind outlives the release.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


class OtterAssignError(RuntimeError):
    """`otter assign` rejected a master notebook (message carries otter's output)."""


@dataclass(frozen=True)
class AssignOutput:
    student_notebook: Path  # result/student/<master name>
    student_tests: dict[str, Path]  # question name -> public test file
    autograder_notebook: Path  # result/autograder/<master name> (solutions kept; never released)


def run_otter_assign(master: Path, result: Path, *, timeout_s: float = 600.0) -> AssignOutput:
    """`python -m otter assign --no-pdfs --no-run-tests master result`; returns what it wrote."""
    result.mkdir(parents=True, exist_ok=True)
    tmp = result / ".tmp"
    tmp.mkdir(exist_ok=True)
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONHASHSEED": "0"}
    argv = [
        sys.executable,
        "-m",
        "otter",
        "assign",
        "--no-pdfs",
        "--no-run-tests",
        str(master.resolve()),
        str(result.resolve()),
    ]
    proc = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout_s,
        check=False,
        cwd=master.resolve().parent,
    )
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr + proc.stdout).strip().splitlines()[-25:])
        raise OtterAssignError(f"otter assign failed on {master.name} (exit {proc.returncode}):\n{tail}")
    student = result / "student" / master.name
    if not student.is_file():
        raise OtterAssignError(f"otter assign wrote no student notebook for {master.name} in {result}")
    tests_dir = result / "student" / "tests"
    tests = {p.stem: p for p in sorted(tests_dir.glob("*.py"))} if tests_dir.is_dir() else {}
    return AssignOutput(student, tests, result / "autograder" / master.name)
