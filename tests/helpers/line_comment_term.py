"""A term's graded uploads with a student's own code cell, and the TA's view of an attempt: what the
line-comment tests (test_line_comments.py, test_line_comment_carry_links.py, test_line_comment_pages.py)
comment on."""

from __future__ import annotations

import dataclasses

from autograder.service.domain.review import attempt_review

from helpers.ledger_term import CHAPTER_OF, Term, outcome
from helpers.quiz_term import NOTEBOOKS, quiz_notebook

CODE = {
    "s01": "def f(x):\n    y = x * 2  # S01-LINE-2\n    return y\n",
    "s02": "def g(x):\n    return x + 1  # S02-LINE-2\n",
}


def graded_upload(term: Term, sid: str, assignment_id: str = "hw5") -> int:
    """A graded upload of the chapter notebook with one more code cell, the student's CODE."""
    return upload_code(term, sid, CODE[sid], assignment_id)


def upload_code(term: Term, sid: str, code: str, assignment_id: str = "hw5", feedback: str = "") -> int:
    """A graded upload of the chapter notebook with one more code cell holding `code`; `feedback`:
    the batch's feedback.html recorded with the grade."""
    chapter = CHAPTER_OF[assignment_id]
    cell = {"cell_type": "code", "metadata": {}, "source": code, "outputs": [], "execution_count": None}
    att = term.service.intake.submit(
        sid, [(NOTEBOOKS[chapter], quiz_notebook(chapter, {}, extra_cells=[cell]))], assignment_id
    )
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None and claimed.id == att.id
    done = outcome(sid, assignment_id, {"reduce_sum_rules": 10.0}, term.out_dir)
    if feedback:  # the grade host's feedback page, kept with the grade
        done = dataclasses.replace(done, artefacts={**done.artefacts, "feedback_html": feedback.encode()})
    assert term.service.queue.finish_graded("w", att.id, done)
    return int(att.id)


def review_of(term: Term, attempt_id: int) -> attempt_review.AttemptReview:
    s = term.service
    found = attempt_review.review(s, attempt_id, named=True, own_part=s.attempt_reads.own_part)
    assert found is not None
    return found


def student_cell(review: attempt_review.AttemptReview) -> attempt_review.CodeCell:
    """The code cell the student added (the last one of the notebook)."""
    return review.cells[-1]


# an attempt's cell and a later attempt's: two lines kept (moved down by two), one gone
FIRST = "def f(x):\n    y = x * 2  # KEEP\n    return y\n# GONE-LINE\n"
LATER = "import jax\n\ndef f(x):\n    y = x * 2  # KEEP\n    return y\n"
