"""A student's release notebooks, personalised: their own per-student variants (e.g. the recompile
sequence the grader will judge them on), chosen by the login id, never by anything the student typed."""

from __future__ import annotations

import json

from autograder.exercises import CHAPTERS
from autograder.release.personalise import personalise_notebook
from autograder.service.domain.assignment_lookup import AssignmentLookup
from autograder.service.domain.assignments import Releases
from autograder.service.domain.download_file import DownloadFile


class StudentNotebooks:
    def __init__(self, releases: Releases, lookup: AssignmentLookup):
        self.releases, self.lookup = releases, lookup

    def release_notebook(
        self, student_id: str, chapter: str, *, known: bool, assignment_id: str | None = None
    ) -> DownloadFile:
        """The released student notebook of `chapter` ("ch02"/"ch05") personalised for this student,
        under the release's file name.

        Raises KeyError for an unknown chapter or an unknown student (`known` False), or a chapter
        that is not the assignment's."""
        assignment = self.lookup.assignment(assignment_id)
        release = self.releases.of(assignment)
        if chapter not in CHAPTERS or not known or chapter not in self.releases.chapters(assignment):
            raise KeyError(chapter)
        path = release.notebooks[chapter]
        released = json.loads(path.read_text(encoding="utf-8"))
        personal = personalise_notebook(released, student_id, release.root)
        text = json.dumps(personal, indent=1, ensure_ascii=False) + "\n"
        return DownloadFile(path.name, text.encode("utf-8"))
