"""Item analysis of the quiz questions: plain numbers in, plain numbers out (no database, no web).

Per question, over the counted attempts' answers (`item_stats.py` does the same for sub-checks):

- difficulty: the mean share of the question's points earned (for a choice question, the share of
  students who chose exactly the correct set); only graded answers count for a written question;
- discrimination: Pearson's r between the share earned and the student's total (the ledger's
  final total); None when every answer earned the same, or fewer than 2 answers count;
- for a choice question, how often each option was chosen, by the master's option index (the
  students saw them in different orders), with the correct options marked: a wrong option chosen
  often is a misconception worth a word in class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from autograder.quiz.key import QuizQuestion
from autograder.service.domain.quiz.quiz_answers import StoredAnswer


@dataclass(frozen=True)
class OptionCount:
    index: int  # into the question's options (the master's order)
    text: str
    chosen: int
    correct: bool


@dataclass(frozen=True)
class QuestionStats:
    question: str
    kind: str
    n: int  # answers that count (written: graded ones)
    difficulty: float | None  # mean share of the points earned; None without answers
    discrimination: float | None
    options: tuple[OptionCount, ...] = ()  # choice questions only


def _pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    if len(xs) < 2 or len(set(xs)) < 2 or len(set(ys)) < 2:
        return None
    return float(np.corrcoef(np.array(xs), np.array(ys))[0, 1])


def question_stats(
    question: QuizQuestion,
    answers: Sequence[StoredAnswer],
    written_points: Mapping[int, float],
    totals: Mapping[str, float],
) -> QuestionStats:
    """`answers`: the question's answers of the counted attempts; `written_points`: answer id ->
    points of the graded written ones; `totals`: student id -> their final total."""
    shares: list[float] = []
    paired: list[float] = []
    for a in answers:
        points = a.points if question.kind == "choice" else written_points.get(a.id)
        if question.kind == "written" and points is None and a.status != "answered":
            points = 0.0  # blank or unreadable: 0 without a TA
        if points is None or a.student_id not in totals:
            continue
        shares.append(points / question.points)
        paired.append(totals[a.student_id])
    options: tuple[OptionCount, ...] = ()
    if question.kind == "choice":
        counts = [0] * len(question.options)
        for a in answers:
            for i in a.chosen:
                if 0 <= i < len(counts):
                    counts[i] += 1
        options = tuple(
            OptionCount(i, text, counts[i], i in question.correct) for i, text in enumerate(question.options)
        )
    return QuestionStats(
        question=question.id,
        kind=question.kind,
        n=len(shares),
        difficulty=sum(shares) / len(shares) if shares else None,
        discrimination=_pearson(shares, paired),
        options=options,
    )


__all__ = ["OptionCount", "QuestionStats", "question_stats"]
