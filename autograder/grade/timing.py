"""Fair time limits for sandboxed children (trusted parent side).

A student's time limit is judged on the CPU time their child consumed, not on the wall clock: on a
loaded machine (a batch of jobs, a neighbour's hog) an honest program gets a share of a core and
would otherwise run out of wall time through no fault of its own. The wall clock is only a generous
backstop that bounds how long a job can hold its slot:

  "timeout"  the child used its CPU budget, or it reached `idle_backstop_s` (`WALL_BACKSTOP_FACTOR`
             times the limit plus `WALL_BACKSTOP_CONSTANT_S`) while asleep or blocked (a
             `time.sleep(600)` is the student's timeout)
  "starved"  it reached `STARVED_GIVE_UP_FACTOR` times the limit without using its budget, its
             threads having spent a good part of the time waiting for a CPU
             (`autograder.sandbox.usage.starved`): the machine's fault, a grader fault that is
             retried, never a zero. Between the two factors a child that is waiting for a CPU (not
             sleeping) is given more time, so a merely slow machine still grades.

Processes whose sandbox cannot report usage (`Process.usage()` None: a container run as the caller's
own uid, the tests' doubles) are judged on the wall clock alone, with the limit itself as the deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from autograder.sandbox.base import Process
from autograder.sandbox.usage import Usage, starved

# A child that sleeps or blocks holds its grading slot until the backstop: a small multiple of its
# CPU limit plus a constant (start-up noise), not more. Only a starved child gets more time.
WALL_BACKSTOP_FACTOR = 2.0
WALL_BACKSTOP_CONSTANT_S = 10.0
STARVED_GIVE_UP_FACTOR = 20.0
USAGE_POLL_S = 0.25  # reading /proc for the whole process tree costs a few ms


def idle_backstop_s(limit_s: float, factor: float = WALL_BACKSTOP_FACTOR) -> float:
    """Wall seconds after which a child that has neither used its CPU limit nor been starved times out."""
    return factor * limit_s + WALL_BACKSTOP_CONSTANT_S


class CpuDeadline:
    """The limit of one step (an exercise, the start-up) of one running child."""

    def __init__(self, proc: Process, limit_s: float, *,
                 backstop_factor: float = WALL_BACKSTOP_FACTOR) -> None:
        self.proc, self.limit_s = proc, limit_s
        self.started = time.monotonic()
        self._usage: Callable[[], Usage | None] | None = proc.usage
        self.base: Usage | None = self._usage()
        if self.base is None:  # not measurable (a container run as the caller's own uid)
            self._usage = None
        self.backstop_s = idle_backstop_s(limit_s, backstop_factor) if self._usage is not None else limit_s
        self.give_up_s = limit_s * STARVED_GIVE_UP_FACTOR if self._usage is not None else limit_s
        self.used = Usage(0.0, 0.0)
        self._next_poll = self.started + USAGE_POLL_S

    def check(self) -> str | None:
        """None while within the limit, else "timeout" or "starved" (see the module docstring)."""
        now = time.monotonic()
        elapsed = now - self.started
        if self._usage is not None and now >= self._next_poll:
            self._next_poll = now + USAGE_POLL_S
            assert self.base is not None
            self.used = (self._usage() or self.base).since(self.base)
            if self.used.cpu_s > self.limit_s:
                return "timeout"
        if elapsed <= self.backstop_s:
            return None
        if self._usage is None or not starved(self.used, elapsed, self.limit_s):
            return "timeout"
        return "starved" if elapsed > self.give_up_s else None

    def describe(self) -> str:
        """For a grader fault's message: what the child got in the window."""
        wall = time.monotonic() - self.started
        return (
            f"{self.used.cpu_s:.1f} s CPU of a {self.limit_s:g} s limit in {wall:.1f} s wall clock, "
            f"{self.used.wait_s:.1f} s waiting for a CPU"
        )
