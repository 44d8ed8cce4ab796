"""Which of the term's assignments a request means: by its id, by what is open now, or by the
chapters an upload holds.

A term has several assignments (`assignments.py`); an upload goes to one of them (named, or the
only open one, or the one whose chapters the upload's notebooks name). Every method taking an
`assignment_id` treats None as the service's first assignment (the one-assignment case).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from autograder.service.domain.course.assignments import Releases
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.records import refusal
from autograder.term.course import Assignment


def _is_open(assignment: Assignment, now: float) -> bool:
    closes = assignment.closes_at()
    return (assignment.opens_at is None or assignment.opens_at <= now) and (closes is None or now <= closes)


class AssignmentLookup:
    def __init__(
        self,
        cfg: ServiceConfig,
        clock: Callable[[], float],
        releases: Releases,
        assignments: Mapping[str, Assignment],
    ):
        self.clock, self.releases, self.assignments = clock, releases, assignments
        self.first = next(iter(assignments.values()))  # the one-assignment case's a1
        self.named = cfg.course is not None  # a term: attempts name their assignment

    def assignment(self, assignment_id: str | None) -> Assignment:
        """The assignment of this id (None: the first). Raises a 404 Refusal for an unknown one."""
        if assignment_id is None:
            return self.first
        found = self.assignments.get(assignment_id)
        if found is None:
            raise refusal(404, "no_assignment", f"no assignment {assignment_id!r}")
        return found

    def upload_targets(self) -> list[dict[str, Any]]:
        """Every assignment's id, title, chapters and whether it is open now (the rule the inference
        of `upload_target` uses): a client names one and sends only its chapters' notebooks."""
        now = self.clock()
        return [
            {
                "id": a.id,
                "title": a.title,
                "chapters": list(self.releases.chapters(a)),
                "open": _is_open(a, now),
            }
            for a in self.assignments.values()
        ]

    def _open_now(self) -> list[Assignment]:
        now = self.clock()
        return [a for a in self.assignments.values() if _is_open(a, now)]

    def upload_target(self, assignment_id: str | None) -> Assignment | None:
        """The assignment an upload goes to, when the request alone says it: the named one, the only
        assignment, or the only one open now. None: several are open, and the upload's chapters
        will choose (`target_by_chapters`). 403 when none is open."""
        if assignment_id is not None or len(self.assignments) == 1:
            return self.assignment(assignment_id)
        open_now = self._open_now()
        if not open_now:
            raise refusal(403, "nothing_open", "no assignment is open for uploads now")
        return open_now[0] if len(open_now) == 1 else None

    def target_by_chapters(self, present: set[str]) -> Assignment:
        """The one open assignment whose chapters hold every chapter intake finds in the upload
        (`present`; one release's exercises belong to one assignment each, so the chapters name it);
        400 when they name none or several."""
        fitting = [a for a in self._open_now() if present and present <= set(self.releases.chapters(a))]
        if len(fitting) != 1:
            raise refusal(400, "choose_assignment", "several assignments are open: name one (?assignment=ID)")
        return fitting[0]
