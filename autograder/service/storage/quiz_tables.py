"""The quiz tables (issue 29), on their own MetaData: schema revision 0011_quiz_rubrics creates them
(tests/test_service_migrations.py compares the two). Times are unix seconds; JSON columns are text.

quiz_assignments  an assignment whose quiz the service grades (a TA turned it on, audited): from then
                  its quiz points join the exercise points in the ledger's record
quiz_answers      one row per (attempt, quiz question): what the trusted service read from the
                  attempt's notebook (never executed): status, a choice answer's letters and the
                  master's option indices they stand for, a written answer's text and `group_key`
                  (sha256 of the text with whitespace and punctuation removed, "" for a choice
                  answer), `points` (a choice answer's score; NULL for a written one)
rubric_items      a written question's rubric items per assignment: points (+ credit, - deduction),
                  description, position (the digit key), `key_item` (the quiz key's item id, "" for
                  an item a TA added); seeded from the release's key on first use
rubric_marks      which rubric items a TA applied to which answer (who, when)
rubric_gradings   an answer a TA has graded (a row even with no item applied: 0 points), with the
                  free comment the student sees after release
rubric_leases     which TA is grading which answer until when (two TAs never grade one answer at once)
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

quiz_assignments = sa.Table(
    "quiz_assignments",
    metadata,
    sa.Column("assignment_id", sa.String(64), primary_key=True),
    sa.Column("enabled_by", sa.Text, nullable=False),
    sa.Column("enabled_at", sa.Float, nullable=False),
)

quiz_answers = sa.Table(
    "quiz_answers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("attempt_id", sa.Integer, nullable=False),
    sa.Column("assignment_id", sa.String(64), nullable=False),
    sa.Column("student_id", sa.String(128), nullable=False),
    sa.Column("question", sa.String(16), nullable=False),  # "ch02.q1"
    sa.Column("kind", sa.String(8), nullable=False),  # choice | written
    sa.Column("status", sa.String(16), nullable=False),  # jaxcourse.quiz_answers.AnswerStatus
    sa.Column("letters", sa.Text, nullable=False),  # JSON list: the letters as the student wrote them
    sa.Column("chosen", sa.Text, nullable=False),  # JSON list: the master's option indices
    sa.Column("text", sa.Text, nullable=False),  # a written answer ("" for a choice answer)
    sa.Column("group_key", sa.String(64), nullable=False),  # identical answers after normalising
    sa.Column("points", sa.Float),  # a choice answer's score; NULL: written (see rubric_gradings)
    sa.Column("max_points", sa.Float, nullable=False),
    sa.Column("read_at", sa.Float, nullable=False),
    sa.UniqueConstraint("attempt_id", "question", name="uq_quiz_answer"),
)
sa.Index("quiz_answers_by_question", quiz_answers.c.assignment_id, quiz_answers.c.question)

rubric_items = sa.Table(
    "rubric_items",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("assignment_id", sa.String(64), nullable=False),
    sa.Column("question", sa.String(16), nullable=False),
    sa.Column("position", sa.Integer, nullable=False),  # 1, 2, ...: the item's digit key
    sa.Column("points", sa.Float, nullable=False),
    sa.Column("description", sa.Text, nullable=False),
    sa.Column("key_item", sa.String(64), nullable=False),  # the quiz key's item id; "": added by a TA
    sa.Column("updated_by", sa.Text, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.UniqueConstraint("assignment_id", "question", "position", name="uq_rubric_item_position"),
)

rubric_marks = sa.Table(
    "rubric_marks",
    metadata,
    sa.Column("answer_id", sa.Integer, primary_key=True),
    sa.Column("item_id", sa.Integer, primary_key=True),
    sa.Column("applied_by", sa.Text, nullable=False),
    sa.Column("applied_at", sa.Float, nullable=False),
)
sa.Index("rubric_marks_by_item", rubric_marks.c.item_id)

rubric_gradings = sa.Table(
    "rubric_gradings",
    metadata,
    sa.Column("answer_id", sa.Integer, primary_key=True),
    sa.Column("comment", sa.Text, nullable=False),
    sa.Column("graded_by", sa.Text, nullable=False),
    sa.Column("graded_at", sa.Float, nullable=False),
)

rubric_leases = sa.Table(
    "rubric_leases",
    metadata,
    sa.Column("answer_id", sa.Integer, primary_key=True),
    sa.Column("ta", sa.String(64), nullable=False),
    sa.Column("lease_until", sa.Float, nullable=False),
)
