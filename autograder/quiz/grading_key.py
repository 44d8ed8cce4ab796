"""Load a release's trusted quiz key (`assignments/<version>.quiz-key.json`, see release/quiz.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from autograder.quiz.key import QuizKeyError, QuizQuestion, question_from_meta
from jaxcourse.quiz import FORMAT

KEY_SUFFIX = ".quiz-key.json"


@dataclass(frozen=True)
class QuizKey:
    version: str
    salt: str  # the option-order salt (jaxcourse/quiz.py)
    questions: tuple[QuizQuestion, ...]

    def chapter(self, chapter: str) -> tuple[QuizQuestion, ...]:
        return tuple(q for q in self.questions if q.chapter == chapter)

    def question(self, qid: str) -> QuizQuestion | None:
        return next((q for q in self.questions if q.id == qid), None)


def key_file(release: Path) -> Path:
    return release.parent / f"{release.name}{KEY_SUFFIX}"


def load_key(release: Path) -> QuizKey | None:
    """The key of the release folder `release`, or None if it has none (a release without quizzes).

    Raises QuizKeyError if the file exists but is not a valid key (the grader's fault, not a student's).
    """
    path = key_file(release)
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT:
            raise QuizKeyError(f"{path}: unknown format {doc.get('format')!r}")
        questions = tuple(
            question_from_meta(q | {"question": q["id"]}, str(q.get("prompt", "")), q["chapter"])
            for q in doc["questions"]
        )
        return QuizKey(str(doc["version"]), str(doc["salt"]), questions)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise QuizKeyError(f"{path}: not a usable quiz key: {exc}") from exc


__all__ = ["KEY_SUFFIX", "QuizKey", "key_file", "load_key"]
