"""benchmarks/bench_service.py at its tiny size (--smoke): real `jaxgrade serve` processes and a
batch, so the benchmark never breaks silently."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_bench_service_smoke_prints_every_figure() -> None:
    r = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_service.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=1200,
        cwd=REPO,
        check=False,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    for line in (
        "latency   median",
        "batch     median",
        "latency/batch",
        "1 local worker",
        "2 local workers / 1",
    ):
        assert line in r.stdout, r.stdout
    assert "4/4 graded" in r.stdout and "load average after" in r.stdout
