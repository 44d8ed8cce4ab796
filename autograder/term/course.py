"""The course file (`jaxgrade serve --course course.toml`): the term's assignments.

    [[assignment]]
    id = "hw2"                               # [a-z0-9_-], unique
    title = "第 2 章:性能"
    release = "assignments/2026-fall"        # relative to the course file's folder
    chapters = ["ch02"]                      # or exercises = ["histogram", ...]; default: all
    opens_at = 2026-09-01T00:00:00+08:00     # TOML date-times (or ISO strings) with a UTC offset
    due_at = 2026-10-01T23:59:00+08:00
    late_until = 2026-10-04T23:59:00+08:00   # default: due_at (nothing accepted after it)
    counting = "last"                        # or "best"
    visibility = "immediately"               # or "after_due", "on_release" (a TA releases grades)
    late_policy = [{after = "0h", factor = 1.0}, {after = "1s", factor = 0.9}]   # see late.py
                                             # (none: a late attempt counts only without an on-time one)

A top-level `language = "en"` (before the first [[assignment]]) selects the catalogue students read
(autograder/i18n.py; default zh_CN, the course's own language): `course_language()` reads it.

One release's chapters may be one assignment or several; an exercise of a release belongs to at
most one assignment, so an upload's chapters name the assignment they count for.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from autograder import i18n
from autograder.term.late import LatePolicy, PolicyError, parse_policy

COUNTING = ("last", "best")
VISIBILITY = ("immediately", "after_due", "on_release")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_KEYS = frozenset(
    {"id", "title", "release", "chapters", "exercises", "opens_at", "due_at", "late_until"}
    | {"counting", "visibility", "late_policy"}
)


class CourseError(ValueError):
    """A course file that cannot be served (English, for the TA; names the assignment and key)."""


@dataclass(frozen=True)
class Assignment:
    id: str
    title: str
    release: Path  # folder with manifest.json
    exercises: tuple[str, ...]  # in the release's order
    opens_at: float | None  # unix seconds; None: open from the start
    due_at: float | None  # None: never late
    late_until: float | None  # uploads refused after it; None: due_at (or never, without due_at)
    late_policy: LatePolicy | None = None  # None: a late attempt counts (in full) only without an on-time one
    counting: str = "last"
    visibility: str = "immediately"

    def closes_at(self) -> float | None:
        return self.late_until if self.late_until is not None else self.due_at

    def lateness_s(self, submitted_at: float) -> float:
        """Seconds after due-at (<= 0: on time)."""
        return submitted_at - self.due_at if self.due_at is not None else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "release": str(self.release),
            "exercises": list(self.exercises),
            "opens_at": self.opens_at,
            "due_at": self.due_at,
            "late_until": self.late_until,
            "late_policy": self.late_policy.to_json() if self.late_policy else None,
            "counting": self.counting,
            "visibility": self.visibility,
        }


def release_exercises(release: Path) -> list[tuple[str, str]]:
    """(exercise id, chapter) of a release, in its manifest's order."""
    try:
        manifest = json.loads((release / "manifest.json").read_text(encoding="utf-8"))
        return [(str(e["id"]), str(e["chapter"])) for e in manifest["exercises"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CourseError(f"release {release}: no readable manifest.json ({exc})") from None


def _time(where: str, key: str, value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise CourseError(f"{where}: {key} is not an ISO 8601 time: {value!r}") from None
    if not isinstance(value, datetime):
        raise CourseError(f"{where}: {key} must be a date-time with a UTC offset")
    if value.tzinfo is None:
        raise CourseError(f"{where}: {key} {value.isoformat()} has no UTC offset (e.g. +08:00)")
    return value.timestamp()


def _exercises(where: str, spec: Mapping[str, Any], release: Path) -> tuple[str, ...]:
    known = release_exercises(release)
    if "chapters" in spec and "exercises" in spec:
        raise CourseError(f"{where}: give chapters or exercises, not both")
    if "exercises" in spec:
        wanted = spec["exercises"]
        unknown = sorted(set(wanted) - {ex for ex, _ in known}) if isinstance(wanted, list) else wanted
        if not isinstance(wanted, list) or not wanted or unknown:
            raise CourseError(f"{where}: exercises must be a non-empty list from the release (not {unknown})")
        return tuple(ex for ex, _ in known if ex in wanted)
    if "chapters" in spec:
        chapters = spec["chapters"]
        missing = sorted(set(chapters) - {ch for _, ch in known}) if isinstance(chapters, list) else chapters
        if not isinstance(chapters, list) or not chapters or missing:
            raise CourseError(f"{where}: chapters must be a non-empty list from the release (not {missing})")
        return tuple(ex for ex, ch in known if ch in chapters)
    return tuple(ex for ex, _ in known)


def parse_assignment(spec: Mapping[str, Any], base: Path, position: int) -> Assignment:
    """One [[assignment]] table; `base` resolves a relative release path."""
    where = f"assignment {position}" + (f" ({spec['id']!r})" if isinstance(spec.get("id"), str) else "")
    extra = sorted(set(spec) - _KEYS)
    if extra:
        raise CourseError(f"{where}: unknown key(s) {', '.join(extra)}")
    aid, title, release = spec.get("id"), spec.get("title"), spec.get("release")
    if not isinstance(aid, str) or not _ID.match(aid):
        raise CourseError(f"{where}: id must be 1-64 of a-z, 0-9, _ and - (starting with a letter or digit)")
    if not isinstance(title, str) or not title.strip():
        raise CourseError(f"{where}: title is required")
    if not isinstance(release, str) or not release:
        raise CourseError(f"{where}: release (a folder with manifest.json) is required")
    release_dir = (base / release).resolve()
    opens, due, until = (_time(where, k, spec.get(k)) for k in ("opens_at", "due_at", "late_until"))
    if until is not None and due is None:
        raise CourseError(f"{where}: late_until needs due_at")
    if opens is not None and due is not None and due < opens:
        raise CourseError(f"{where}: due_at is before opens_at")
    if until is not None and due is not None and until < due:
        raise CourseError(f"{where}: late_until is before due_at")
    counting, visibility = spec.get("counting", "last"), spec.get("visibility", "immediately")
    if counting not in COUNTING:
        raise CourseError(f"{where}: counting must be one of {', '.join(COUNTING)}")
    if visibility not in VISIBILITY:
        raise CourseError(f"{where}: visibility must be one of {', '.join(VISIBILITY)}")
    try:
        policy = parse_policy(spec["late_policy"]) if "late_policy" in spec else None
    except PolicyError as exc:
        raise CourseError(f"{where}: {exc}") from None
    return Assignment(
        id=aid,
        title=title.strip(),
        release=release_dir,
        exercises=_exercises(where, spec, release_dir),
        opens_at=opens,
        due_at=due,
        late_until=until,
        late_policy=policy,
        counting=counting,
        visibility=visibility,
    )


def parse_course(doc: Mapping[str, Any], base: Path) -> tuple[Assignment, ...]:
    """The assignments of a parsed course document, checked together (unique ids, no exercise of a
    release in two assignments)."""
    extra = sorted(set(doc) - {"assignment", "language", "timezone"})
    if extra:
        raise CourseError(f"course file: unknown top-level key(s) {', '.join(extra)}")
    zone = doc.get("timezone")  # the course's time zone for the pages (service/domain/course/course_clock.py)
    if zone is not None:
        try:
            ZoneInfo(zone) if isinstance(zone, str) else None
        except (ZoneInfoNotFoundError, ValueError):
            zone = None
        if not isinstance(zone, str):
            raise CourseError("course file: timezone must be an IANA time zone name (e.g. Asia/Shanghai)")
    specs = doc.get("assignment")
    if not isinstance(specs, list) or not specs or not all(isinstance(s, Mapping) for s in specs):
        raise CourseError("course file: needs at least one [[assignment]] table")
    out = tuple(parse_assignment(spec, base, i + 1) for i, spec in enumerate(specs))
    seen_ids: set[str] = set()
    owner: dict[tuple[Path, str], str] = {}
    for a in out:
        if a.id in seen_ids:
            raise CourseError(f"course file: assignment id {a.id!r} appears twice")
        seen_ids.add(a.id)
        for ex in a.exercises:
            if (a.release, ex) in owner:
                other = owner[a.release, ex]
                raise CourseError(
                    f"course file: exercise {ex} of {a.release} is in both {other!r} and {a.id!r}"
                )
            owner[a.release, ex] = a.id
    return out


def _document(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CourseError(f"course file {path}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CourseError(f"course file {path}: not TOML: {exc}") from None


def load_course(path: Path) -> tuple[Assignment, ...]:
    return parse_course(_document(path), path.resolve().parent)


def course_language(path: Path) -> str | None:
    """The course file's `language` (None: not set, the course's own zh_CN); checked against the
    catalogues that exist, so a typo fails at start-up and not as untranslated pages."""
    language = _document(path).get("language")
    if language is None:
        return None
    if not isinstance(language, str) or language not in i18n.available():
        raise CourseError(
            f"course file {path}: language {language!r} has no catalogue;"
            f" available: {', '.join(i18n.available())}"
        )
    return language
