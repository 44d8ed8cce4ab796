"""The quiz key: what a master notebook says about each quiz question (instructor side, trusted).

A quiz question is a Markdown cell of the master whose metadata `jaxgrade` is
  {"role": "quiz_question", "question": "ch02.q3", "kind": "choice" | "written", "points": number,
   "options": [text, ...], "correct": [index, ...],            # choice only (indices into options)
   "rubric": [{"id": str, "points": number, "description": str}, ...],  # written only
   "model_answer": str, "explanation": str}
followed (anywhere in the chapter) by its answer cell, role "quiz_answer" (see jaxcourse/quiz_answers.py).
Only {"role", "question"} of the prompt cell reach the student notebook; the rest is the key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from jaxcourse.quiz_answers import LETTERS, QUESTION_ID

KINDS = ("choice", "written")
PUBLIC_FIELDS = ("role", "question")  # what of a quiz cell's metadata ships with the release


class QuizKeyError(ValueError):
    """A quiz question of a master is not well-formed (the release is refused)."""


@dataclass(frozen=True)
class RubricItem:
    id: str
    points: float  # positive: credit for what the description says is present
    description: str


@dataclass(frozen=True)
class QuizQuestion:
    id: str  # "ch02.q3"
    chapter: str
    kind: str  # "choice" | "written"
    points: float
    prompt: str  # the question as the student reads it (Markdown)
    model_answer: str
    explanation: str
    options: tuple[str, ...] = ()  # choice: in the master's order
    correct: frozenset[int] = frozenset()  # choice: indices into options
    rubric: tuple[RubricItem, ...] = ()  # written

    def public(self) -> dict[str, Any]:
        """What may ship to students (quiz.json): never the key."""
        doc: dict[str, Any] = {"id": self.id, "chapter": self.chapter, "kind": self.kind,
                               "points": _num(self.points)}
        if self.kind == "choice":
            doc["options"] = list(self.options)
        return doc

    def key(self) -> dict[str, Any]:
        """The full record for the trusted grading key (and feedback after release)."""
        doc = self.public() | {"prompt": self.prompt, "model_answer": self.model_answer,
                               "explanation": self.explanation}
        if self.kind == "choice":
            doc["correct"] = sorted(self.correct)
        else:
            doc["rubric"] = [{"id": r.id, "points": _num(r.points), "description": r.description}
                             for r in self.rubric]
        return doc


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise QuizKeyError(f"{what} must be a finite number, got {value!r}")
    return float(value)


def _text(meta: dict[str, Any], name: str, qid: str) -> str:
    value = meta.get(name)
    if not isinstance(value, str) or not value.strip():
        raise QuizKeyError(f"quiz question {qid}: '{name}' must be a non-empty text")
    return value


def question_from_meta(meta: dict[str, Any], prompt: str, chapter: str) -> QuizQuestion:
    """One question from its prompt cell's metadata; QuizKeyError says what is wrong."""
    qid = meta.get("question")
    if not isinstance(qid, str) or not QUESTION_ID.match(qid) or not qid.startswith(chapter + "."):
        raise QuizKeyError(f"quiz question id {qid!r} must look like '{chapter}.q1' .. '{chapter}.q8'")
    kind = meta.get("kind")
    if kind not in KINDS:
        raise QuizKeyError(f"quiz question {qid}: kind must be one of {KINDS}, got {kind!r}")
    points = _number(meta.get("points"), f"quiz question {qid}: points")
    if points <= 0:
        raise QuizKeyError(f"quiz question {qid}: points must be positive")
    common = {"id": qid, "chapter": chapter, "kind": kind, "points": points, "prompt": prompt,
              "model_answer": _text(meta, "model_answer", qid),
              "explanation": _text(meta, "explanation", qid)}
    if kind == "choice":
        options = meta.get("options")
        if (not isinstance(options, list) or not 2 <= len(options) <= len(LETTERS)
                or not all(isinstance(o, str) and o.strip() for o in options)):
            raise QuizKeyError(f"quiz question {qid}: options must be 2..{len(LETTERS)} non-empty texts")
        correct = meta.get("correct")
        if (not isinstance(correct, list) or not correct
                or not all(isinstance(i, int) and not isinstance(i, bool) for i in correct)):
            raise QuizKeyError(f"quiz question {qid}: correct must be a non-empty list of option indices")
        outside = [i for i in correct if not 0 <= i < len(options)]
        if outside:
            raise QuizKeyError(f"quiz question {qid}: correct option(s) {outside} are not among its "
                               f"{len(options)} options")
        if meta.get("rubric"):
            raise QuizKeyError(f"quiz question {qid}: a choice question has no rubric")
        return QuizQuestion(**common, options=tuple(options), correct=frozenset(correct))
    return QuizQuestion(**common, rubric=_rubric(meta.get("rubric"), qid, points))


def _rubric(items: Any, qid: str, points: float) -> tuple[RubricItem, ...]:
    if not isinstance(items, list) or not items:
        raise QuizKeyError(f"quiz question {qid}: a written question needs a rubric (a list of items)")
    out: list[RubricItem] = []
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            raise QuizKeyError(f"quiz question {qid}: rubric item {n} must be an object")
        rid = item.get("id")
        if not isinstance(rid, str) or not rid.strip() or any(r.id == rid for r in out):
            raise QuizKeyError(f"quiz question {qid}: rubric item {n} needs a unique text id")
        desc = item.get("description")
        if not isinstance(desc, str) or not desc.strip():
            raise QuizKeyError(f"quiz question {qid}: rubric item {rid} needs a description")
        out.append(RubricItem(rid, _number(item.get("points"), f"quiz question {qid}: rubric item {rid}"),
                              desc))
    positive = sum(r.points for r in out if r.points > 0)
    if not math.isclose(positive, points):
        raise QuizKeyError(f"quiz question {qid}: its rubric's positive items add up to {positive:g}, "
                           f"not to the question's {points:g} points")
    return tuple(out)


def answer_lines(question: QuizQuestion) -> list[str]:
    """Stripped lines of the key that must never appear in a released file (the leak check)."""
    texts = [question.model_answer, question.explanation, *(r.description for r in question.rubric)]
    return [line.strip() for text in texts for line in text.splitlines() if line.strip()]


__all__ = ["KINDS", "PUBLIC_FIELDS", "QuizKeyError", "QuizQuestion", "RubricItem", "answer_lines",
           "question_from_meta"]
