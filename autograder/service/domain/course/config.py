"""Settings of one `jaxgrade serve` instance (plain data, checked once at start-up)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from autograder.grade.intake import DEFAULT_LIMITS

MiB = 2**20
POLICIES = ("last", "best")


@dataclass(frozen=True)
class ServiceConfig:
    data_dir: Path  # DIR: database (SQLite default), blobs/, spool/, attempts/, tokens.csv, ta-token
    release: Path  # the released assignment graded against (folder with manifest.json)
    course: Path | None = None  # course.toml: the term's assignments (else one, "a1", from release/deadline)
    roster: Path | None = None  # student_id,name[,email,...]: adds or updates students at start-up
    tas: Path | None = None  # name[,...]: named TAs, each with their own token (DIR/ta-tokens.csv)
    host: str = "127.0.0.1"
    port: int = 8000
    db_url: str | None = None  # default sqlite:///DIR/service.sqlite
    upgrade_db: bool = False  # apply schema migrations to an older database (else refuse to start)
    workers: int = 1  # grading workers (0: accept uploads, grade nothing)
    deadline: datetime | None = None  # aware datetime; attempts after it are late
    late_until: datetime | None = None  # aware datetime; attempts after it are refused (403)
    policy: str = "last"  # which attempt counts for grades.csv: "last" or "best" (before the deadline)
    max_attempts_per_hour: int = 12  # per student, sliding window of 3600 s
    max_upload_bytes: int = DEFAULT_LIMITS.max_student_bytes  # one request body, at most intake's cap
    max_files: int = 20  # files in one upload (at most intake's max_files)
    max_student_storage_bytes: int = 500 * 2**20  # all of one student's stored attempts together
    public_url: str | None = None  # how browsers reach the service; https: __Host- Secure cookies
    trusted_proxies: tuple[str, ...] = field(default=())  # addresses whose X-Forwarded-For is believed

    @property
    def https_only(self) -> bool:
        return (self.public_url or "").lower().startswith("https://")

    grade_args: tuple[str, ...] = field(default=())  # passed to `jaxgrade grade` (--isolation, ...)
    max_tries: int = 3  # grading tries of one attempt before it stays grader_error
    retry_backoff_s: float = 15.0  # wait before try n+1: backoff * 2**(n-1)
    grade_timeout_s: float = 3600.0  # one `jaxgrade grade` subprocess, wall clock
    lease_s: float = 60.0  # a claimed attempt's lease; the worker's heartbeat renews it every lease_s / 4

    @property
    def database_url(self) -> str:
        return self.db_url or f"sqlite:///{(self.data_dir / 'service.sqlite').resolve()}"

    @property
    def blobs_dir(self) -> Path:
        return self.data_dir / "blobs"

    @property
    def spool_dir(self) -> Path:
        return self.data_dir / "spool"

    @property
    def attempts_dir(self) -> Path:
        return self.data_dir / "attempts"

    @property
    def tokens_csv(self) -> Path:
        return self.data_dir / "tokens.csv"

    @property
    def ta_token_file(self) -> Path:
        return self.data_dir / "ta-token"

    @property
    def ta_tokens_csv(self) -> Path:
        return self.data_dir / "ta-tokens.csv"

    def check(self) -> None:
        """Raise ValueError (English, for the TA) on settings that cannot work together."""
        if self.policy not in POLICIES:
            raise ValueError(f"--policy must be one of {', '.join(POLICIES)}")
        for name, value in (("--deadline", self.deadline), ("--late-until", self.late_until)):
            if value is not None and value.tzinfo is None:
                raise ValueError(f"{name} needs a time zone (e.g. 2026-12-20T23:59:00+08:00)")
        if self.course is not None and (self.deadline is not None or self.late_until is not None):
            raise ValueError("--course gives every assignment its due_at and late_until: drop --deadline")
        if self.course is not None and not self.course.is_file():
            raise ValueError(f"--course {self.course}: no such file")
        if self.late_until is not None and self.deadline is None:
            raise ValueError("--late-until needs --deadline")
        if self.late_until is not None and self.deadline is not None and self.late_until < self.deadline:
            raise ValueError("--late-until is before --deadline")
        if self.workers < 0 or self.max_attempts_per_hour < 1 or self.max_files < 1 or self.max_tries < 1:
            raise ValueError("--workers must be >= 0 and --max-attempts-per-hour >= 1")
        intake = DEFAULT_LIMITS
        if self.max_upload_bytes > intake.max_student_bytes or self.max_files > intake.max_files:
            cap = intake.max_student_bytes / MiB
            raise ValueError(f"--max-upload-mb over intake's cap of {cap:g} MB: intake would refuse it")
        if self.public_url is not None and not self.public_url.lower().startswith(("http://", "https://")):
            raise ValueError("--public-url must start with http:// or https://")
        if not self.lease_s > 0:
            raise ValueError("--lease must be > 0 seconds")
        if not (self.release / "manifest.json").is_file():
            raise ValueError(f"--release {self.release} has no manifest.json")
