"""What the TAs' quiz pages read (web/rubric_pages.py), each in one transaction of the domain.

The pages render the plain data returned here and open no transaction of their own:

    counted_answers(service, assignment) -> [StoredAnswer]   every counted graded attempt's answers
    grading_queue(service, assignment, question, ta) -> GradingQueue   a question's answers to grade
    quiz_status(service, assignment) -> QuizStatus           on?, has a quiz?, written answers pending
    quiz_overview(service, assignment) -> [QuestionOverview] per question: answers, stats, progress
    answers_state(service, assignment) -> AnswersState       model answers shown? published? from when
    open_answer(service, assignment, question, queue, at, ta) -> OpenedAnswer

`open_answer` is what the grading page does when a TA opens an answer: it seeds the question's rubric
from the release's key the first time and takes the TA's lease on the answer shown, with the reads
the page draws from, in one transaction; it changes no student's points, so the LMS hears nothing.
`counted_answers` first runs `quiz_reading.read_unread`, the command that stores the answers of
counted attempts that have none stored (and queues the LMS scores it moves), then reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from autograder.quiz.key import QuizQuestion
from autograder.service.domain.core import Service
from autograder.service.domain.gradebook import quiz_ledger, quiz_reading
from autograder.service.domain.identity import answer_handles
from autograder.service.domain.quiz import model_answers, quiz_answers, quiz_item_stats, rubric_grading
from autograder.service.domain.quiz.stored_answer import StoredAnswer
from autograder.term.course import Assignment
from autograder.term.visibility import answers_visibility


@dataclass(frozen=True)
class GradingQueue:
    """A question's written answers (of the counted attempts), in one TA's order."""

    question: QuizQuestion
    answers: list[StoredAnswer]  # in the TA's order
    handles: dict[int, str]  # answer id -> the name the pages use (answer_handles.py)

    def index_of(self, answer_id: int) -> int:
        return next((i for i, a in enumerate(self.answers) if a.id == answer_id), 0)

    def id_of(self, handle: str | None) -> int | None:
        return next((i for i, h in self.handles.items() if h == handle), None) if handle else None


@dataclass(frozen=True)
class QuizStatus:
    """Whether the quiz is on, whether the release has one, and the written answers not graded yet."""

    on: bool
    has_quiz: bool
    pending: int


@dataclass(frozen=True)
class QuestionOverview:
    """One question's row on the quiz page."""

    q: QuizQuestion
    answers: int  # answers to it in counted graded attempts
    stats: quiz_item_stats.QuestionStats
    progress: rubric_grading.Progress | None = None  # written questions
    right: int | None = None  # choice questions: answers with points


@dataclass(frozen=True)
class AnswersState:
    """Whether students see the model answers now, whether a TA published them, and from when they
    show by themselves (None: submissions never close)."""

    visible: bool
    published: bool
    shown_from: float | None


@dataclass(frozen=True)
class OpenedAnswer:
    """The grading page's data after the TA opened an answer (`current` None: the queue is empty)."""

    items: list[rubric_grading.Item]
    others: dict[int, str]  # answer id -> the other TA whose lease runs on it
    current: StoredAnswer | None
    holder: str | None  # who holds `current`'s lease now (the TA, unless another TA's runs)
    graded: dict[int, rubric_grading.Grading]
    progress: rubric_grading.Progress


def chapters_of(service: Service, assignment: Assignment) -> tuple[str, ...]:
    return service.releases.chapters(assignment)


def questions_of(service: Service, assignment: Assignment) -> list[QuizQuestion]:
    return quiz_ledger.questions_of(assignment, chapters_of(service, assignment))


def question_of(service: Service, assignment: Assignment, qid: str) -> QuizQuestion | None:
    return next((q for q in questions_of(service, assignment) if q.id == qid), None)


def counted_answers(service: Service, assignment: Assignment) -> list[StoredAnswer]:
    """The stored answers of every student's counted attempt; a graded counted attempt without stored
    answers has them stored first (`quiz_reading.read_unread`, a command of its own)."""
    records = service.exports.ledger.records(assignment.id)
    counted = {
        r.attempt_id: r.student_id for r in records if r.attempt_id is not None and r.state == "graded"
    }
    quiz_reading.read_unread(  # a domain command: the LMS hears of every total it moves
        service.engine,
        assignment=assignment,
        chapters=chapters_of(service, assignment),
        counted=counted,
        blob=service.blobs.get,
        scratch=service.cfg.spool_dir,
        now=service.clock(),
    )
    with service.engine.connect() as conn:
        return quiz_answers.of_attempts(conn, list(counted))


def grading_queue(service: Service, assignment: Assignment, question: QuizQuestion, ta: str) -> GradingQueue:
    answers = [
        a
        for a in counted_answers(service, assignment)
        if a.question == question.id and quiz_ledger.needs_grading(a)
    ]
    order = rubric_grading.order_for(ta, question.id, [a.id for a in answers])
    by_id = {a.id: a for a in answers}
    handles = answer_handles.handles_for(service.cfg.data_dir)
    return GradingQueue(question, [by_id[i] for i in order], {i: handles.of(assignment.id, i) for i in order})


def quiz_enabled(service: Service, assignment_id: str) -> bool:
    with service.engine.connect() as conn:
        return quiz_ledger.enabled(conn, assignment_id)


def quiz_status(service: Service, assignment: Assignment) -> QuizStatus:
    on = quiz_enabled(service, assignment.id)
    has_quiz = bool(questions_of(service, assignment))
    pending = sum(r.quiz_pending for r in service.exports.ledger.records(assignment.id)) if on else 0
    return QuizStatus(on, has_quiz, pending)


def quiz_overview(service: Service, assignment: Assignment) -> list[QuestionOverview]:
    """Per question of the assignment's quiz: its answers in counted graded attempts, difficulty and
    discrimination against the counted final totals, and the written ones' grading progress."""
    questions = questions_of(service, assignment)
    answers = counted_answers(service, assignment) if questions else []
    totals = {
        r.student_id: r.final_total
        for r in service.exports.ledger.records(assignment.id)
        if r.final_total is not None and r.attempt_id is not None
    }
    rows = []
    with service.engine.connect() as conn:
        written = rubric_grading.written_points(conn, answers)
        for q in questions:
            own = [a for a in answers if a.question == q.id]
            stats = quiz_item_stats.question_stats(q, own, written, totals)
            if q.kind == "written":
                to_grade = [a.id for a in own if quiz_ledger.needs_grading(a)]
                rows.append(
                    QuestionOverview(q, len(own), stats, progress=rubric_grading.progress(conn, to_grade))
                )
            else:
                rows.append(QuestionOverview(q, len(own), stats, right=sum(1 for a in own if a.points)))
    return rows


def answers_state(service: Service, assignment: Assignment) -> AnswersState:
    with service.engine.connect() as conn:
        published = model_answers.published_at(conn, assignment.id)
        shown = answers_visibility(model_answers.closes_at(conn, assignment), published, service.clock())
    return AnswersState(shown.visible, published is not None, shown.shown_from)


def open_answer(
    service: Service,
    assignment: Assignment,
    question: QuizQuestion,
    queue: Sequence[StoredAnswer],
    at: int | None,
    ta: str,
) -> OpenedAnswer:
    """Seed the question's rubric (first time), take the TA's lease on the answer `at` (None: the first
    one no other TA holds) and read what the page shows, in one transaction."""
    now = service.clock()
    ids = [a.id for a in queue]
    with service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, assignment.id, question, ta, now)
        items = rubric_grading.items(conn, assignment.id, question.id)
        others = rubric_grading.leased_by_others(conn, ids, ta, now)
        current, holder = None, None
        if queue:
            index = (
                next((i for i, a in enumerate(queue) if a.id == at), 0)
                if at is not None
                else next((i for i, a in enumerate(queue) if a.id not in others), 0)
            )
            current = queue[index]
            holder = rubric_grading.take_lease(conn, current.id, ta, now)
        graded = rubric_grading.gradings(conn, ids)
        progress = rubric_grading.progress(conn, ids)
    return OpenedAnswer(items, others, current, holder, graded, progress)


__all__ = [
    "AnswersState",
    "GradingQueue",
    "OpenedAnswer",
    "QuestionOverview",
    "QuizStatus",
    "answers_state",
    "chapters_of",
    "counted_answers",
    "grading_queue",
    "open_answer",
    "question_of",
    "questions_of",
    "quiz_enabled",
    "quiz_overview",
    "quiz_status",
]
