"""The term's plain rules (no service): late schedules and the course file.

The course files here point at the real release (assignments/2026-fall) and its manifest.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from autograder.term.counting import Candidate, Extension, counted_attempt, deadlines_for
from autograder.term.course import Assignment, CourseError, load_course, parse_course
from autograder.term.extension_csv import ExtensionCsvError, parse_extensions_csv
from autograder.term.late import NO_PENALTY, PolicyError, parse_duration, parse_policy

REPO = Path(__file__).resolve().parents[1]
ISSUE_SCHEDULE = [
    {"after": "0h", "factor": 1.0},
    {"after": "1s", "factor": 0.9},
    {"after": "24h", "factor": 0.8},
    {"after": "72h", "factor": 0},
]


@pytest.mark.parametrize(
    ("lateness_s", "factor"),
    [(-3600, 1.0), (0, 1.0), (0.5, 1.0), (1, 0.9), (86399, 0.9), (86400, 0.8), (259199, 0.8), (259200, 0.0)],
)
def test_schedule_factor_at_each_boundary(lateness_s: float, factor: float) -> None:
    assert parse_policy(ISSUE_SCHEDULE).factor(lateness_s) == factor


def test_no_penalty_is_one_at_any_lateness() -> None:
    assert NO_PENALTY.factor(10**9) == 1.0


@pytest.mark.parametrize(
    ("text", "seconds"), [("0h", 0.0), ("1s", 1.0), ("30m", 1800.0), ("24h", 86400.0), ("1.5d", 129600.0)]
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(
    ("steps", "says"),
    [
        ([], "non-empty"),
        ([{"after": "1h", "factor": 1.0}], 'after: "0h"'),
        ([{"after": "0h", "factor": 1.0}, {"after": "0h", "factor": 0.5}], "must grow"),
        (
            [{"after": "0h", "factor": 1.0}, {"after": "2h", "factor": 0.5}, {"after": "1h", "factor": 0}],
            "grow",
        ),
        ([{"after": "0h", "factor": 1.5}], "between 0 and 1"),
        ([{"after": "0h", "factor": True}], "number"),
        ([{"after": "0h", "factor": float("nan")}], "number"),
        ([{"after": "yesterday", "factor": 1.0}], "not a duration"),
        ([{"after": "0h", "factor": 1.0, "note": "x"}], "exactly the keys"),
    ],
)
def test_bad_schedules_are_refused_with_the_reason(steps: list, says: str) -> None:
    with pytest.raises(PolicyError, match=says):
        parse_policy(steps)


def course(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "course.toml"
    path.write_text(text, encoding="utf-8")
    return path


TWO_CHAPTERS = """
[[assignment]]
id = "hw2"
title = "第 2 章:性能"
release = "{release}"
chapters = ["ch02"]
opens_at = 2026-09-01T00:00:00+08:00
due_at = 2026-10-01T23:59:00+08:00
late_until = "2026-10-04T23:59:00+08:00"
counting = "best"
visibility = "after_due"
late_policy = [
  {{after = "0h", factor = 1.0}}, {{after = "1s", factor = 0.9}}, {{after = "24h", factor = 0.8}},
]

[[assignment]]
id = "hw5"
title = "第 5 章:互操作"
release = "{release}"
exercises = ["silu_ffi", "reduce_sum_rules"]
"""


def test_one_release_split_into_two_assignments(tmp_path: Path) -> None:
    release = REPO / "assignments" / "2026-fall"
    hw2, hw5 = load_course(course(tmp_path, TWO_CHAPTERS.format(release=release)))
    assert hw2.exercises == ("histogram", "recompile", "fusion", "safe_distance")
    assert hw5.exercises == ("reduce_sum_rules", "silu_ffi")  # the release's order, not the file's
    assert hw2.release == hw5.release == release.resolve()
    assert hw2.due_at == datetime.fromisoformat("2026-10-01T23:59:00+08:00").timestamp()
    assert hw2.closes_at() == datetime.fromisoformat("2026-10-04T23:59:00+08:00").timestamp()
    assert hw2.counting == "best" and hw2.visibility == "after_due"
    assert hw2.late_policy.factor(3600) == 0.9 and hw2.lateness_s(hw2.due_at + 5) == 5  # type: ignore[operator]
    assert hw5.due_at is None and hw5.closes_at() is None and hw5.late_policy is None
    assert hw5.counting == "last" and hw5.visibility == "immediately"


def test_relative_release_is_from_the_course_files_folder(tmp_path: Path) -> None:
    (tmp_path / "assignments").symlink_to(REPO / "assignments")
    text = '[[assignment]]\nid = "all"\ntitle = "全部"\nrelease = "assignments/2026-fall"\n'
    (only,) = load_course(course(tmp_path, text))
    assert only.release == (REPO / "assignments" / "2026-fall").resolve() and len(only.exercises) == 8


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda t: t.replace('id = "hw5"', 'id = "hw2"'), "appears twice"),
        (lambda t: t.replace('"silu_ffi", ', '"silu_ffi", "fusion", '), "in both"),
        (lambda t: t.replace('"silu_ffi"', '"nonexistent"'), "exercises must be"),
        (lambda t: t.replace('["ch02"]', '["ch09"]'), "chapters must be"),
        (lambda t: t.replace("+08:00\ndue_at", "\ndue_at"), "no UTC offset"),
        (lambda t: t.replace('late_until = "2026-10-04', 'late_until = "2026-09-04'), "before due_at"),
        (lambda t: t.replace('"best"', '"median"'), "counting must be"),
        (lambda t: t.replace('"after_due"', '"never"'), "visibility must be"),
        (lambda t: t.replace("factor = 0.8", "factor = 8"), "between 0 and 1"),
        (lambda t: t.replace('id = "hw5"', 'id = "HW 5"'), "id must be"),
        (lambda t: t.replace('title = "第 5 章:互操作"', 'titel = "x"'), "unknown key"),
        (lambda t: t + "\n[extra]\n", "unknown top-level"),
        (lambda t: t.replace("[[assignment]]", "[[assignment", 1), "not TOML"),
    ],
)
def test_bad_course_files_name_the_problem(tmp_path: Path, edit, says: str) -> None:  # type: ignore[no-untyped-def]
    text = edit(TWO_CHAPTERS.format(release=REPO / "assignments" / "2026-fall"))
    with pytest.raises(CourseError, match=says):
        load_course(course(tmp_path, text))


def test_release_without_manifest_is_refused(tmp_path: Path) -> None:
    doc = {"assignment": [{"id": "a", "title": "t", "release": str(tmp_path)}]}
    with pytest.raises(CourseError, match="manifest.json"):
        parse_course(doc, tmp_path)


# ---------------------------------------------------------------------------------------------
# The counted attempt, late factors and extensions

DUE = 1_800_000_000.0
HOUR = 3600.0


def hw(
    counting: str = "last", schedule: list | None = ISSUE_SCHEDULE, late_until_h: float = 96
) -> Assignment:
    return Assignment(
        id="hw",
        title="hw",
        release=REPO / "assignments" / "2026-fall",
        exercises=("histogram",),
        opens_at=None,
        due_at=DUE,
        late_until=DUE + late_until_h * HOUR,
        late_policy=parse_policy(schedule) if schedule is not None else None,
        counting=counting,
    )


def test_late_attempt_gets_the_schedule_factor_and_an_extension_lifts_it() -> None:
    a = hw()
    attempts = [Candidate(1, DUE - HOUR, 40.0), Candidate(2, DUE + 30 * HOUR, 70.0)]
    counted = counted_attempt(a, deadlines_for(a, None), attempts)
    assert counted is not None and counted.attempt_id == 2 and counted.late
    assert counted.factor == 0.8 and counted.final == 56.0 and counted.penalty == 14.0
    extended = deadlines_for(a, Extension(due_at=DUE + 48 * HOUR, late_until=DUE + 96 * HOUR))
    after = counted_attempt(a, extended, attempts)
    assert after is not None and after.attempt_id == 2 and not after.late
    assert after.factor == 1.0 and after.final == 70.0 and after.penalty == 0.0


def test_best_compares_final_scores_so_a_penalty_can_make_the_on_time_attempt_count() -> None:
    a = hw("best")
    attempts = [Candidate(1, DUE - HOUR, 60.0), Candidate(2, DUE + 80 * HOUR, 70.0)]  # 2: factor 0
    counted = counted_attempt(a, deadlines_for(a, None), attempts)
    assert counted is not None and counted.attempt_id == 1 and counted.final == 60.0
    extended = counted_attempt(a, deadlines_for(a, Extension(DUE + 90 * HOUR)), attempts)
    assert extended is not None and extended.attempt_id == 2 and extended.final == 70.0


def test_without_a_schedule_on_time_attempts_count_first_and_late_ones_in_full() -> None:
    a = hw(schedule=None)
    on_time_and_late = [Candidate(1, DUE - HOUR, 30.0), Candidate(2, DUE + HOUR, 80.0)]
    counted = counted_attempt(a, deadlines_for(a, None), on_time_and_late)
    assert counted is not None and counted.attempt_id == 1 and counted.factor == 1.0
    only_late = counted_attempt(a, deadlines_for(a, None), on_time_and_late[1:])
    assert only_late is not None and only_late.attempt_id == 2 and only_late.late and only_late.final == 80.0


def test_best_takes_the_newest_among_equal_scores_and_falls_back_to_the_newest_ungraded() -> None:
    a = hw("best")
    equal = [
        Candidate(1, DUE - 3 * HOUR, 50.0),
        Candidate(2, DUE - 2 * HOUR, 50.0),
        Candidate(3, DUE - HOUR, None),
    ]
    counted = counted_attempt(a, deadlines_for(a, None), equal)
    assert counted is not None and counted.attempt_id == 2
    pending = counted_attempt(a, deadlines_for(a, None), [Candidate(4, DUE - HOUR, None)])
    assert (
        pending is not None and pending.attempt_id == 4 and pending.final is None and pending.penalty is None
    )


def test_an_attempt_after_the_students_late_until_gets_nothing() -> None:
    a = hw()
    late = [Candidate(1, DUE + 10 * HOUR, 80.0)]
    shortened = deadlines_for(a, Extension(due_at=DUE - 2 * HOUR, late_until=DUE))
    counted = counted_attempt(a, shortened, late)
    assert counted is not None and counted.factor == 0.0 and counted.final == 0.0


def test_no_attempt_counts_nothing() -> None:
    assert counted_attempt(hw(), deadlines_for(hw(), None), []) is None


# ---------------------------------------------------------------------------------------------
# The extensions CSV


def test_extensions_csv_reads_both_shapes() -> None:
    parsed = parse_extensions_csv(
        "\ufeffstudent_id,due_at,late_until\n"
        "s1,2026-12-20T23:59:00+08:00,2026-12-21T23:59:00+08:00\n"
        "s2,2026-12-22T00:00:00Z,\n\n"
    )
    assert list(parsed) == ["s1", "s2"]
    assert parsed["s1"].due_at == datetime.fromisoformat("2026-12-20T23:59:00+08:00").timestamp()
    assert parsed["s1"].late_until == parsed["s1"].due_at + 86400 and parsed["s2"].late_until is None
    assert parse_extensions_csv("student_id,due_at\ns3,2026-12-22T00:00:00Z\n")["s3"].late_until is None


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("id,due\ns1,2026-12-22T00:00:00Z\n", "line 1"),
        ("student_id,due_at\ns1,soon\n", "line 2: due_at"),
        ("student_id,due_at\ns1,2026-12-22T00:00:00\n", "no UTC offset"),
        ("student_id,due_at\ns1,2026-12-22T00:00:00Z\ns1,2026-12-23T00:00:00Z\n", "line 3: student_id"),
        ("student_id,due_at,late_until\ns1,2026-12-22T00:00:00Z,2026-12-21T00:00:00Z\n", "before due_at"),
        ("student_id,due_at\ns1,2026-12-22T00:00:00Z,extra\n", "3 cells"),
    ],
)
def test_bad_extensions_csv_names_the_line(text: str, says: str) -> None:
    with pytest.raises(ExtensionCsvError, match=says):
        parse_extensions_csv(text)
