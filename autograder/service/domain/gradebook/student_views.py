"""What a student sees of their own work: their attempts with the grade fields hidden until the
assignment's grades are shown to them (`grade_release.py`), their feedback once shown, and their
personalised release notebooks.

Every read takes the caller's student id and answers None (or raises KeyError) for anything that is
not theirs, so the API can say 404 without telling whether the thing exists. The TA's pages and
exports read attempts directly (`attempt_reads.py`) and always see everything.
"""

from __future__ import annotations

from autograder.service.domain.course.attempt_reads import AttemptReads
from autograder.service.domain.course.download_file import DownloadFile
from autograder.service.domain.gradebook.grade_release import GradeRelease
from autograder.service.domain.identity.identity import Identity
from autograder.service.domain.intake.student_notebooks import StudentNotebooks
from autograder.service.records import Attempt


class StudentViews:
    def __init__(
        self,
        reads: AttemptReads,
        notebooks: StudentNotebooks,
        grade_release: GradeRelease,
        identity: Identity,
    ):
        self.reads, self.notebooks = reads, notebooks
        self.grade_release, self.identity = grade_release, identity

    def attempt(self, student_id: str, attempt_id: int) -> Attempt | None:
        """The student's attempt as they may see it now; None when it is not theirs."""
        found = self.reads.attempt(student_id, attempt_id)
        return None if found is None else self.grade_release.student_views([found])[0]

    def attempts(self, student_id: str, assignment_id: str | None = None) -> list[Attempt]:
        """The student's attempts (of one assignment, or all with None) as they may see them, newest first."""
        return self.grade_release.student_views(self.reads.attempts(student_id, assignment_id))

    def feedback_html(self, student_id: str, attempt_id: int) -> str | None:
        """None when the attempt is not the student's, not graded, or its grades are not shown yet."""
        found = self.attempt(student_id, attempt_id)
        if found is None or found.grades_hidden is not None:
            return None
        return self.reads.feedback_html(student_id, attempt_id)

    def release_notebook(
        self, student_id: str, chapter: str, assignment_id: str | None = None
    ) -> DownloadFile:
        """The chapter's released notebook personalised for this student, under its file name.
        Raises KeyError for an unknown student or chapter, or a chapter not the assignment's."""
        known = self.identity.student(student_id) is not None
        return self.notebooks.release_notebook(student_id, chapter, known=known, assignment_id=assignment_id)
