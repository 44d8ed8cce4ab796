"""A student's release notebooks, personalised: their own per-student variants (e.g. the recompile
sequence the grader will judge them on), chosen by the login id, never by anything the student typed.

Nothing of an assignment is handed to a student before it opens (`check_open`): its notebooks are
its statement, and the student folder holds them too."""

from __future__ import annotations

import json
from collections.abc import Callable

from autograder.exercises import CHAPTERS
from autograder.release.personalise import personalise_notebook
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.assignments import Releases
from autograder.service.domain.course.download_file import DownloadFile
from autograder.service.records import refusal
from autograder.term.course import Assignment


class StudentNotebooks:
    def __init__(self, releases: Releases, lookup: AssignmentLookup, local_time: Callable[[float], str]):
        self.releases, self.lookup, self.local_time = releases, lookup, local_time

    def check_open(self, assignment: Assignment) -> None:
        """Raise a 403 Refusal while the assignment has not opened yet."""
        if assignment.opens_at is not None and self.lookup.clock() < assignment.opens_at:
            when = self.local_time(assignment.opens_at)
            why = f"{assignment.id} opens at {when}"
            raise refusal(403, "not_open_download", why, title=assignment.title, when=when)

    def release_notebook(
        self, student_id: str, chapter: str, *, known: bool, assignment_id: str | None = None
    ) -> DownloadFile:
        """The released student notebook of `chapter` ("ch02"/"ch05") personalised for this student,
        under the release's file name.

        Raises KeyError for an unknown chapter or an unknown student (`known` False), or a chapter
        that is not the assignment's; a 403 Refusal before the assignment opens."""
        assignment = self.lookup.assignment(assignment_id)
        self.check_open(assignment)
        release = self.releases.of(assignment)
        if chapter not in CHAPTERS or not known or chapter not in self.releases.chapters(assignment):
            raise KeyError(chapter)
        path = release.notebooks[chapter]
        released = json.loads(path.read_text(encoding="utf-8"))
        personal = personalise_notebook(released, student_id, release.root)
        text = json.dumps(personal, indent=1, ensure_ascii=False) + "\n"
        return DownloadFile(path.name, text.encode("utf-8"))
