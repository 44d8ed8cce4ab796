"""The range a deadline a TA types may lie in, and the course's time zone for times without one.

A time past the year 9999 in UTC (e.g. `9999-12-31T23:00-05:00`) parses, and its unix time is
stored, but no page can show it again (`datetime.fromtimestamp` refuses it): every form, API body
and CSV that sets a deadline checks it against this range first and names the range in its error.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2099, 12, 31, 23, 59, 59, tzinfo=UTC)
RANGE_TEXT = "between 2000-01-01 and 2099-12-31 (UTC)"


class DeadlineError(ValueError):
    """English, for the TA: what is wrong with the time and what is accepted."""


def checked(when: datetime, key: str) -> float:
    """`when` (with a UTC offset) as unix seconds; DeadlineError outside the accepted range."""
    if when.tzinfo is None:
        raise DeadlineError(f"{key} {when.isoformat()} has no UTC offset (e.g. +08:00)")
    if not EARLIEST <= when <= LATEST:
        raise DeadlineError(f"{key} {when.isoformat()} is out of range: a deadline must lie {RANGE_TEXT}")
    return when.timestamp()


def parse(text: str, key: str, *, zone: tzinfo | None = None) -> float:
    """An ISO 8601 time (a date-time picker's `YYYY-MM-DDTHH:MM` takes `zone`, the course's)."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise DeadlineError(f"{key} {text!r} is not a date and time (ISO 8601)") from None
    if when.tzinfo is None and zone is not None:
        when = when.replace(tzinfo=zone)
    return checked(when, key)
