"""The local executor: `--jobs` threads on this machine, each running the grade function.

Threads suffice: a job spends its time waiting on sandboxed child processes.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from autograder.model import ReleaseInfo, StudentResult, StudentSubmission


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
