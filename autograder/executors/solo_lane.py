"""The order in which the Dask executor hands tasks to the cluster when workers die (trusted client side).

Dask's scheduler assigns a task to a worker while another task still runs there: the second waits in
that worker's queue. When the worker dies, the scheduler counts the death against every task assigned
to it, the waiting ones too, and gives a task up (`KilledWorker`) once `allowed-failures` + 1 workers
died under it. So a submission that kills workers can take down a student queued behind it twice.

A task given up that way gets one more try, alone: the executor lets the tasks already on the cluster
finish, holds back new ones, and sends the given-up tasks one at a time, each only when nothing else of
this batch is on the cluster. A bystander is then graded; a submission that really kills workers is
given up again (up to `allowed-failures` + 1 more deaths) and ends in `grader_error` by itself.

This module only orders callables; it knows nothing of Dask. Each entry is the function that submits a
task; the executor reports back when a submitted task is resolved.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

Launch = Callable[[], None]


class SoloLane:
    """Starts new tasks at once unless a task given up by dead workers is waiting for its try alone."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._in_flight = 0  # tasks on their first try now on the cluster
        self._solo_running = False  # a second try is on the cluster, alone
        self._waiting: deque[Launch] = deque()  # second tries not started
        self._held: deque[Launch] = deque()  # first tries held back meanwhile

    def start(self, launch: Launch) -> None:
        """A task's first try: now, or after the second tries waiting before it."""
        with self._lock:
            if self._solo_running or self._waiting:
                self._held.append(launch)
                return
            self._in_flight += 1
        launch()

    def first_try_done(self, again: Launch | None = None) -> None:
        """A first try was resolved; `again` (if given) submits its second try, which waits its turn."""
        with self._lock:
            self._in_flight -= 1
            if again is not None:
                self._waiting.append(again)
        self._pump()

    def second_try_done(self) -> None:
        with self._lock:
            self._solo_running = False
        self._pump()

    def drain(self) -> list[Launch]:
        """Everything not started (the executor is closing): the caller fails each one's result."""
        with self._lock:
            left = [*self._waiting, *self._held]
            self._waiting.clear()
            self._held.clear()
        return left

    def _pump(self) -> None:
        with self._lock:
            if self._solo_running:
                return
            if self._waiting:
                if self._in_flight:
                    return  # the first tries on the cluster finish first
                self._solo_running = True
                ready = [self._waiting.popleft()]
            else:
                ready = list(self._held)
                self._held.clear()
                self._in_flight += len(ready)
        for launch in ready:
            launch()
