"""Score a student's chapter quiz from their notebook JSON (trusted parent; reads text, runs nothing).

Choice questions are scored here: the student's letters are mapped through their own option order
(jaxcourse/quiz.py, from the student id the grader knows) back to the master's options, and the
question earns its points only for exactly the correct set. Written questions are not scored
here: their text goes to a person (batch packet, nbgrader, Gradescope), `points` stays None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from autograder.i18n import N_
from autograder.messages import Status
from autograder.model import StudentSubmission
from autograder.quiz.grading_key import QuizKey
from autograder.quiz.key import QuizQuestion
from jaxcourse.quiz import option_order
from jaxcourse.quiz_answers import LETTERS, Answer, AnswerStatus, read_answers
from jaxcourse.variants import normalise_student_id

MAX_REFUSED_CHARS = 600  # intake's reasons, as the quiz feedback quotes them

# the student's words for an answer's status (quiz.md, results.json)
ANSWER_STATUS_ZH = {"answered": N_("已作答"), "blank": N_("未作答"), "missing": N_("没有找到作答单元"),
                    "unreadable": N_("格式无法识别"), "conflict": N_("作答单元重复且内容不同")}


@dataclass(frozen=True)
class QuizScore:
    question: str
    kind: str  # "choice" | "written"
    status: AnswerStatus
    max_points: float
    points: float | None  # choice: scored; written: None until a person grades it
    letters: tuple[str, ...] = ()  # choice: as the student wrote them (their own order)
    chosen: tuple[int, ...] = ()  # choice: the master's option indices the letters stand for
    text: str = ""  # written: the answer
    reason_zh: str = ""


def chosen_options(
    question: QuizQuestion, letters: tuple[str, ...], student_id: str, salt: str
) -> tuple[int, ...]:
    order = option_order(question.id, len(question.options), student_id, salt)
    return tuple(sorted(order[LETTERS.index(letter)] for letter in letters))


def _score(question: QuizQuestion, answer: Answer, student_id: str, salt: str) -> QuizScore:
    base = {"question": question.id, "kind": question.kind, "status": answer.status,
            "max_points": question.points, "reason_zh": answer.reason_zh}
    if question.kind == "written":
        return QuizScore(**base, points=None, text=answer.text)
    if answer.status is not AnswerStatus.ANSWERED:
        return QuizScore(**base, points=0.0)
    chosen = chosen_options(question, answer.letters, student_id, salt)
    right = frozenset(chosen) == question.correct
    return QuizScore(**base, points=question.points if right else 0.0, letters=answer.letters, chosen=chosen)


def score_quiz(
    key: QuizKey, chapter: str, notebook: Any, student_id: str, *, refused_zh: str = ""
) -> tuple[QuizScore, ...]:
    """Every quiz question of `chapter`, scored where a program may score it.

    `notebook` is the student's parsed notebook JSON (None if they did not submit the chapter).
    `student_id` is the id the grader knows, never one read from the notebook. `refused_zh`: why
    intake refused what the student handed in (a notebook over the size cap, say) when it refused
    everything, or this chapter's notebook; a chapter without a notebook then reads as unreadable, with
    that reason, rather than as an answer the student never wrote (`refused_reason`).
    """
    if not normalise_student_id(student_id):
        raise ValueError("score_quiz needs the student id the grader knows")
    questions = key.chapter(chapter)
    counts = {q.id: (len(q.options) if q.kind == "choice" else None) for q in questions}
    answers = read_answers(notebook, counts)
    if notebook is None and refused_zh:
        answers = {q: Answer(q, AnswerStatus.UNREADABLE, reason_zh=refused_zh) for q in answers}
    return tuple(_score(q, answers[q.id], student_id, key.salt) for q in questions)


def score_submission(
    key: QuizKey, sub: StudentSubmission, student_id: str, chapters: Sequence[str] | None = None
) -> tuple[QuizScore, ...]:
    """Every quiz question of `chapters` (default: every chapter of the key) in what intake made of a
    student's hand-in: the one way the batch, Gradescope and the service score a quiz, so a refused
    hand-in reads the same in all three. A chapter whose notebook intake left out for its size reads as
    refused with intake's reason even when the other chapter was graded (`too_large_zh`)."""
    refused = refused_reason(sub.status, sub.problems_zh)
    wanted = sorted({q.chapter for q in key.questions}) if chapters is None else chapters
    return tuple(
        s
        for chapter in wanted
        if key.chapter(chapter)
        for s in score_quiz(
            key,
            chapter,
            sub.notebooks[chapter].notebook if chapter in sub.notebooks else None,
            student_id,
            refused_zh=sub.too_large_zh.get(chapter) or refused,
        )
    )


def refused_reason(status: str, problems_zh: tuple[str, ...]) -> str:
    """What intake said when it refused a student's whole hand-in (`malformed:*`), else ""."""
    if not status.startswith(f"{Status.MALFORMED}:") or not problems_zh:
        return ""
    return " ".join(problems_zh[:3])[:MAX_REFUSED_CHARS]


__all__ = [
    "ANSWER_STATUS_ZH", "QuizScore", "chosen_options", "refused_reason", "score_quiz", "score_submission"
]
