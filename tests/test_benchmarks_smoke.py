"""Every benchmark under benchmarks/ runs at a tiny size, so none breaks silently.

These check that a benchmark runs to its printed figures (exit 0, its summary lines present), never
what the figures are: timings are not asserted anywhere in the suite.

The runs are queued on the session's early lane (tests/helpers/early_lane.py): they start when
collection ends and run beside the other tests, and this module runs near the end and judges them.
Their figures are therefore taken beside other tests; they were never asserted.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from helpers.early_lane import EarlyLane, session_lane

REPO = Path(__file__).resolve().parents[1]
BENCHMARKS = REPO / "benchmarks"

# benchmark file -> (tiny-size arguments, lines its output must contain)
SMOKE: dict[str, tuple[list[str], list[str]]] = {
    "bench_grading.py": (
        ["--repeat", "1", "--profile"],
        ["cold ", "warm ", "floor ", "ratio ", "hit ", "profile total ", "top 10 sub-checks"],
    ),
    "bench_stream_flood.py": (["--mb", "1"], ["distinct-keys:", "empty-frames:"]),
    "bench_nbgrader_isolation.py": ([], ["grading venv", "nbgrader venv", "ratio nbgrader/grading"]),
    "bench_vs_otter.py": (["--students", "1", "--jobs", "2", "--smoke"], ["otter", "warm-cache", "hit"]),
    "bench_dask.py": (["--n", "1", "--skip-local"], ["dask-1", "dask-2", "layer"]),
    "bench_service.py": (
        ["--smoke"],
        ["latency   median", "batch     median", "1 local worker", "wait p50", "cores busy"]
        + ["2 local workers / 1", "CPU-s per attempt", "the cores busy", "less CPU per attempt"],
    ),
    "bench_parent_cpu.py": (["--smoke"], ["one cell of `!` lines", "many %%writefile cells", "worst: "]),
    "bench_loop_latency.py": (
        ["--smoke"],
        ["idle     p50", "loaded   p50", "ratio loaded/idle", "goal loaded p99"],
    ),
    "bench_shell_lines.py": (
        ["--smoke"],
        ["bounded (at most", "unbounded (every line", "ratio unbounded/bounded"],
    ),
    "bench_upload_path.py": (["--repeat", "2"], ['"upload_bytes"', '"file_over_gradebook"']),
    "bench_similarity.py": (["--smoke"], ["rec/fp/fpv", "safe_distance", "scale: 12 students"]),
    "bench_similarity_disguise.py": (["--smoke"], ["recall verbatim", "recall ALL", "false positives"]),
    "bench_similarity_measured.py": (["--smoke"], ["the shipped detector on", "total: code"]),
    "bench_similarity_hostile.py": (["--smoke"], ["nested -- in a kernel", "full/quarter", "worst at "]),
    "bench_kernel_ir.py": (["--smoke"], ["-O2: copies identical", "the build (-shared) takes"]),
    "bench_jaxpr_tap.py": (["--traces", "3"], ["small          fresh  trace", "cached trace"]),
}


def smoke_argv(name: str) -> list[str]:
    return [sys.executable, str(BENCHMARKS / name), *SMOKE[name][0]]


def nbgrader_venv_missing(name: str) -> bool:
    return name == "bench_nbgrader_isolation.py" and not (REPO / ".venv-nbgrader" / "bin" / "python").exists()


def queue_early_work(lane: EarlyLane, items: list[pytest.Item]) -> None:
    """Each collected smoke run, on the early lane (in the order its tests run)."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and not nbgrader_venv_missing(name := callspec.params["name"]):
            lane.add(f"bench:{name}", smoke_argv(name))


def test_every_benchmark_has_a_smoke_run() -> None:
    on_disk = {p.name for p in BENCHMARKS.glob("bench_*.py")}
    assert on_disk == set(SMOKE), "add each new benchmark to SMOKE with a tiny size"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SMOKE))
def test_benchmark_runs_at_a_tiny_size(name: str, request: pytest.FixtureRequest) -> None:
    expected = SMOKE[name][1]
    if nbgrader_venv_missing(name):
        pytest.skip(".venv-nbgrader is missing: run ./scripts/bootstrap.sh without JAXGRADE_NO_NBGRADER")
    r = session_lane(request.config).result(f"bench:{name}")
    assert r.returncode == 0, f"{name} failed:\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}"
    for line in expected:
        assert line in r.stdout, f"{name} printed no {line!r}:\n{r.stdout[-3000:]}"
