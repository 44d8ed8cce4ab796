"""The course's time zone, and times as the TA pages show them: in that zone, with the zone named.

The zone is, in order: the course file's top-level `timezone` (an IANA name, e.g. "Asia/Shanghai"),
else the UTC offset of the course file's first deadline (`due_at = 2026-12-20T23:59:00+08:00`),
else the offset of `--deadline`, else UTC. A date-time picker's value (no offset) is read in it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from autograder.service.domain.course.config import ServiceConfig


@dataclass(frozen=True)
class CourseClock:
    zone: tzinfo
    name: str  # "Asia/Shanghai", or "UTC+08:00" for a fixed offset

    def show(self, t: float | None) -> str:
        """`2026-12-20T23:59 (Asia/Shanghai)`; "—" for no time."""
        if t is None:
            return "—"
        return f"{datetime.fromtimestamp(t, self.zone):%Y-%m-%dT%H:%M} ({self.name})"

    def picker_value(self, t: float | None) -> str:
        """The value of an `<input type="datetime-local">` showing `t` in the course's zone."""
        return "" if t is None else f"{datetime.fromtimestamp(t, self.zone):%Y-%m-%dT%H:%M}"


def offset_name(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return "UTC" if minutes == 0 else f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _fixed(when: datetime) -> CourseClock:
    offset = when.utcoffset() or timedelta(0)
    return CourseClock(when.tzinfo or UTC, offset_name(offset))


def _first_deadline(doc: dict[str, Any]) -> datetime | None:
    for spec in doc.get("assignment", []) if isinstance(doc.get("assignment"), list) else []:
        for key in ("due_at", "opens_at", "late_until"):
            value = spec.get(key) if isinstance(spec, dict) else None
            if isinstance(value, datetime) and value.tzinfo is not None:
                return value
    return None


def for_config(cfg: ServiceConfig) -> CourseClock:
    if cfg.course is not None:
        try:
            doc = tomllib.loads(Path(cfg.course).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            doc = {}
        name = doc.get("timezone")
        if isinstance(name, str):
            try:
                return CourseClock(ZoneInfo(name), name)
            except (ZoneInfoNotFoundError, ValueError):
                pass  # the course file's check refuses it before the service starts
        first = _first_deadline(doc)
        if first is not None:
            return _fixed(first)
    if cfg.deadline is not None:
        return _fixed(cfg.deadline)
    return CourseClock(UTC, "UTC")
