"""report.md's "Where the time went" carries the probes' profile totals per exercise: the batch gives
the local runner a private profile folder, reads what the children's profiles left there, and sums
them per exercise (grade/run/probe_profile.py); nothing of it lands in OUT."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autograder.grade import reports
from autograder.grade.batch import BatchConfig, run_batch
from autograder.grade.run import RunSettings
from autograder.grade.run.probe_profile import Cost, ExerciseTotal, totals_by_exercise, write_profiles
from autograder.model import ReleaseInfo, StudentResult, StudentSubmission
from autograder.observations import Observations
from autograder.sandboxed.wire import PROFILE_KEY

from helpers.fake_grading import fake_grade, make_release, populate


def _profile(wall: float, compiles: int) -> dict[str, Any]:
    total = {"wall_s": wall, "cpu_s": wall / 2, "trace_s": 0.1, "lower_s": 0.2, "compile_s": wall / 4,
             "run_s": 0.3, "compiles": compiles, "cache_hits": 0}
    return {"total": total, "segments": [{"key": "fwd.rect", **total}]}


def _cost(wall: float, compiles: int) -> Cost:
    return Cost(**{**_profile(wall, compiles)["total"]})


def test_totals_sum_each_exercise_over_gradings_costliest_first() -> None:
    from autograder.grade.run.probe_profile import ProbeProfile

    profiles = [ProbeProfile("ch02", "fusion", _cost(1.0, 7), ()),
                ProbeProfile("ch02", "safe_distance", _cost(2.0, 9), ()),
                ProbeProfile("ch02", "fusion", _cost(1.5, 7), ())]
    totals = totals_by_exercise(profiles)
    assert [(t.exercise, t.runs, t.cost.compiles) for t in totals] == [
        ("fusion", 2, 14), ("safe_distance", 1, 9)]
    assert totals[0].cost.wall_s == 2.5


def test_ta_report_shows_the_probe_profile_in_where_the_time_went() -> None:
    info = reports.BatchInfo("2026-fall", "assignments/2026-fall", "bwrap", False, 1, (), ("s1",), (), 3.0)
    totals = (ExerciseTotal("ch02", "safe_distance", 2, _cost(4.0, 18)),
              ExerciseTotal("ch02", "fusion", 2, _cost(1.0, 14)))
    text = reports.ta_report(info, [], [], totals)
    section = text[text.index("## Where the time went"):text.index("## Submissions")]
    assert "| ch02/safe_distance | 2 | 4.00 | 2.00 | 0.10 | 0.20 | 1.00 | 0.30 | 18 |" in section
    assert "| total | 4 | 5.00 | 2.50 | 0.20 | 0.40 | 1.25 | 0.60 | 32 |" in section
    assert "compilations" in section
    assert "Inside the probes" not in reports.ta_report(info, [], [])  # no profile, no table


PROFILED: list[str] = []


def _profiling_grade(sub: StudentSubmission, release: ReleaseInfo, settings: Any) -> StudentResult:
    """The fake runner, plus what the real chapter step does with a child's profile observation."""
    if settings.profile_dir is not None:
        PROFILED.append(sub.student_id)
        obs = Observations("safe_distance", {PROFILE_KEY: _profile(2.0, 9)})
        write_profiles(settings.profile_dir, "ch02", {"safe_distance": obs}, run=sub.student_id)
    return fake_grade(sub, release, settings)


def test_a_batch_puts_the_profile_totals_of_its_gradings_into_report_md(tmp_path: Path) -> None:
    subs, out = tmp_path / "subs", tmp_path / "out"
    populate(subs)
    release = ReleaseInfo.load(make_release(tmp_path / "rel"))
    PROFILED.clear()
    run_batch(BatchConfig(subs, out, release, jobs=2), _profiling_grade, RunSettings())
    n = len(PROFILED)  # the students the runner graded (intake refuses some before it)
    assert n >= 2
    report = (out / "report.md").read_text(encoding="utf-8")
    wall = f"{2.0 * n:.2f}"
    assert f"| ch02/safe_distance | {n} | {wall} |" in report
    assert f"| {9 * n} |" in report
    assert not [p for p in out.rglob("*") if "safe_distance" in p.name]  # the profiles stay out of OUT
