"""Every state machine's states, one StrEnum each (bottom layer: imports nothing of autograder).

The values are the strings the databases, result files and pages already hold, so a member compares
and serialises as its value (`SubmissionState.GRADED == "graded"`).
"""

from __future__ import annotations

from enum import StrEnum


class SubmissionState(StrEnum):
    """A batch gradebook row (grade/gradebook.py): received -> parsed -> running -> graded | grader_error."""

    RECEIVED = "received"
    PARSED = "parsed"
    RUNNING = "running"
    GRADED = "graded"
    GRADER_ERROR = "grader_error"


class AttemptState(StrEnum):
    """A service attempt (service/): queued -> running -> graded | grader_error (a retry is queued again).

    jaxcourse/_submit_client.py (`jaxgrade submit`) runs alone with the standard library only and
    spells the final two out.
    """

    QUEUED = "queued"
    RUNNING = "running"
    GRADED = "graded"
    GRADER_ERROR = "grader_error"

    @property
    def finished(self) -> bool:
        return self in ATTEMPT_FINISHED


ATTEMPT_FINISHED = frozenset({AttemptState.GRADED, AttemptState.GRADER_ERROR})


class RegradeRunState(StrEnum):
    """A regrade run (service/domain/regrades/regrade_runs.py): open -> published | cancelled."""

    OPEN = "open"  # its candidates may still be graded; a TA may publish it once all finished
    PUBLISHED = "published"
    CANCELLED = "cancelled"


class LtiScoreState(StrEnum):
    """A score in the LTI outbox (domain/gradebook/lti_outbox.py): held (its grade not released yet) ->
    pending -> sent, or failed after the last try; a TA's retry makes a failed one pending again, and
    a changed score makes a sent one pending (or held) again. A grade hidden again after the LMS
    showed it is withdrawn there (service/domain/lti/lti_withdrawal.py): withdraw -> held, or
    withdraw_failed after the last try, which a TA's retry makes withdraw again."""

    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    HELD = "held"
    WITHDRAW = "withdraw"
    WITHDRAW_FAILED = "withdraw_failed"


class RegradeRequestState(StrEnum):
    """A student's regrade request (service/domain/review/regrade_requests.py): open -> resolved."""

    OPEN = "open"
    RESOLVED = "resolved"


class JobKind(StrEnum):
    """How one student of a batch ended (`JobOutcome.kind`, grade/batch.py)."""

    GRADED = "graded"
    UNCHANGED = "unchanged"  # same content, release and scope as the recorded grade: kept
    GRADER_ERROR = "grader_error"


class Isolation(StrEnum):
    """How student code is sandboxed (`--isolation`, autograder/sandbox/)."""

    BWRAP = "bwrap"
    RLIMIT = "rlimit"
    CONTAINER = "container"
    NONE = "none"  # unsandboxed: needs --unsafe-no-sandbox and is recorded in the report


# The modes with a sandbox uid of their own: the grader may reap its leftovers and hide files by permission
SANDBOXED_ISOLATIONS = (Isolation.BWRAP, Isolation.RLIMIT, Isolation.CONTAINER)


class BuildStatus(StrEnum):
    """How building one student's C++ kernel ended (grade/build.py)."""

    CACHED = "cached"  # the same source was built before: its .so is reused
    BUILT = "built"  # compiled now, a .so exists
    COMPILE_ERROR = "compile_error"
    TIMEOUT = "timeout"
    MEMORY = "memory"
