"""Executors: where "grade one StudentSubmission -> StudentResult" runs (trusted client side).

The batch (grade/batch.py) keeps intake, the unchanged check and every gradebook write in the
client; an executor only grades. `LocalExecutor` is a thread pool of `--jobs` on this machine
(threads suffice: a job spends its time waiting on sandboxed child processes); `tcp://HOST:PORT`
(executors/dask_executor.py) is a Dask distributed scheduler whose workers run
dask_tasks.grade_task. Both hand back concurrent.futures.Future objects; a future that fails
carries a GraderFault (the batch records `grader_error`, never a score) or a StudentInputError
(grading met student data a decoding layer refused: the batch records the student's status).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from autograder.model import ReleaseInfo, StudentResult, StudentSubmission


class Executor(Protocol):
    description: str  # for logs, e.g. "local, 4 jobs" or "dask tcp://10.0.0.5:8786, 6 slots"

    def capacity(self) -> int:
        """How many students are worth having in flight at once (the batch submits no more)."""
        ...

    def submit(self, sub: StudentSubmission) -> Future[StudentResult]: ...

    def close(self, *, cancel: bool = False) -> None: ...


class LocalExecutor:
    def __init__(self, grade_fn: Any, release: ReleaseInfo, settings: Any, jobs: int):
        self.grade_fn, self.release, self.settings = grade_fn, release, settings
        self.jobs = max(1, jobs)
        self.description = f"local, {self.jobs} job(s)"
        self._pool = ThreadPoolExecutor(max_workers=self.jobs, thread_name_prefix="grade")

    def capacity(self) -> int:
        return self.jobs

    def submit(self, sub: StudentSubmission) -> Future[StudentResult]:
        return self._pool.submit(self.grade_fn, sub, self.release, self.settings)

    def close(self, *, cancel: bool = False) -> None:
        self._pool.shutdown(wait=True, cancel_futures=cancel)
