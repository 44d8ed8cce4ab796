"""benchmarks/bench_parent_cpu.py runs (smoke mode: 200 KB notebooks) and prints every case's CPU."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_parent_cpu_benchmark_smoke_prints_each_case() -> None:
    proc = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_parent_cpu.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    cases = re.findall(r"^(?!worst:)(.+?)\s+(\d+\.\d+) s CPU$", proc.stdout, re.M)
    assert len(cases) == 8, proc.stdout
    worst = re.search(r"^worst: .+: (\d+\.\d+) s CPU$", proc.stdout, re.M)
    assert worst is not None and float(worst.group(1)) == max(float(s) for _, s in cases)
    # 200 KB of the most expensive text the parent analyses: well under a second per case on an idle
    # core; the bound leaves room for a loaded machine
    assert float(worst.group(1)) < 20.0, proc.stdout
