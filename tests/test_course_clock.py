"""The course's time zone for the TA pages (service/domain/course/course_clock.py): the course file's
`timezone`, else its first deadline's offset, else `--deadline`'s, else UTC; always named."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.course.course_clock import CourseClock, for_config
from autograder.term.course import CourseError, load_course

from helpers.ledger_term import RELEASE

NOON_UTC = datetime(2026, 12, 20, 12, 0, tzinfo=UTC).timestamp()


def _course(tmp_path: Path, head: str, due: str = "2026-12-20T23:59:00+08:00") -> Path:
    path = tmp_path / "course.toml"
    path.write_text(
        f'{head}\n[[assignment]]\nid = "hw2"\ntitle = "t"\nrelease = "{RELEASE}"\nchapters = ["ch02"]\n'
        f"due_at = {due}\n",
        encoding="utf-8",
    )
    return path


def _clock(tmp_path: Path, course: Path | None) -> CourseClock:
    return for_config(ServiceConfig(data_dir=tmp_path / "d", release=RELEASE, course=course))


def test_a_named_zone_from_the_course_file(tmp_path: Path) -> None:
    clock = _clock(tmp_path, _course(tmp_path, 'timezone = "Asia/Shanghai"'))
    assert clock.show(NOON_UTC) == "2026-12-20T20:00 (Asia/Shanghai)"
    assert clock.picker_value(NOON_UTC) == "2026-12-20T20:00"


def test_else_the_first_deadlines_offset_else_utc(tmp_path: Path) -> None:
    assert _clock(tmp_path, _course(tmp_path, "")).show(NOON_UTC) == "2026-12-20T20:00 (UTC+08:00)"
    assert _clock(tmp_path, None).show(NOON_UTC) == "2026-12-20T12:00 (UTC)"


def test_an_unknown_zone_name_is_refused_by_the_course_file_check(tmp_path: Path) -> None:
    with pytest.raises(CourseError, match="timezone"):
        load_course(_course(tmp_path, 'timezone = "Mars/Olympus"'))
