"""Executors: where "grade one StudentSubmission -> StudentResult" runs (trusted client side).

The batch (grade/batch.py) keeps intake, the unchanged check and every gradebook write in the
client; an executor only grades. `local` (local.py) is a thread pool of `--jobs` on this machine;
`tcp://HOST:PORT` (dask_executor.py) is a Dask distributed scheduler whose workers run
dask_tasks.grade_task. Both hand back concurrent.futures.Future objects; a future that fails
carries a GraderFault (the batch records `grader_error`, never a score).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Protocol

from autograder.model import StudentResult, StudentSubmission


class Executor(Protocol):
    description: str  # for logs, e.g. "local, 4 jobs" or "dask tcp://10.0.0.5:8786, 6 slots"

    def capacity(self) -> int:
        """How many students are worth having in flight at once (the batch submits no more)."""
        ...

    def submit(self, sub: StudentSubmission) -> Future[StudentResult]: ...

    def close(self, *, cancel: bool = False) -> None: ...


def parse_executor(spec: str) -> str:
    """`local` or a Dask scheduler address `tcp://HOST:PORT` / `tls://HOST:PORT` (ValueError otherwise)."""
    if spec == "local":
        return spec
    scheme, sep, rest = spec.partition("://")
    host, colon, port = rest.rpartition(":")
    if not sep or scheme not in ("tcp", "tls") or not colon or not host or not port.isdigit():
        raise ValueError(f"--executor {spec!r}: use 'local' or a Dask scheduler address tcp://HOST:PORT")
    return spec
