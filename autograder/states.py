"""State machines whose values are stored or sent over the wire (never change a value).

`AttemptState`: one upload to the grader service (`jaxgrade serve`), in its database and its JSON
API. queued -> running (a worker holds its lease) -> graded | grader_error; a grader fault with
tries left, or a lease that expired with its worker, goes back to queued.
"""

from __future__ import annotations

from enum import StrEnum


class AttemptState(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    GRADED = "graded"
    GRADER_ERROR = "grader_error"

    @property
    def finished(self) -> bool:
        return self in (AttemptState.GRADED, AttemptState.GRADER_ERROR)
