"""How many cores grading may use, and whether a student's chapters are graded at the same time."""

from __future__ import annotations

import os


def available_cores() -> int:
    """The cores this process may run on (its affinity), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def chapters_at_once_for(choice: str, jobs: int, cores: int | None = None) -> bool:
    """Whether each student's chapters are graded at the same time ("on", "off" or "auto"). Auto: only
    when every student graded at once can have two cores, so one student's chapter children share no
    core with another student's; on a full machine, chapters at once add processes, not throughput."""
    if choice != "auto":
        return choice == "on"
    return jobs * 2 <= (cores if cores is not None else available_cores())
