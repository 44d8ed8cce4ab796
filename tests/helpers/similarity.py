"""Answers for the similarity tests: a corpus answer, and a disguised copy of one (benchmarks/)."""

from __future__ import annotations

from benchmarks.similarity_corpus import Answer, load_corpus
from benchmarks.similarity_disguise import disguise_cpp, disguise_python


def corpus_answer(exercise: str, variant: str) -> Answer:
    return load_corpus(exercise)[variant]


def disguised(answer: Answer, seed: int) -> Answer:
    kernel = disguise_cpp(answer.kernel, seed) if answer.kernel is not None else None
    return Answer(disguise_python(answer.python, seed), kernel)


def blank_result():
    """A `StudentResult` of the committed release with every exercise unanswered (for codec tests)."""
    from autograder.exercises import EXERCISE_IDS, load
    from autograder.exercises.base import zero_score
    from autograder.model import ReleaseInfo, StudentResult

    from helpers.paths import RELEASE

    release = ReleaseInfo.load(RELEASE)
    scores = {ex: zero_score(load(ex).EXERCISE, "not_submitted", "", points=release.points[ex])
              for ex in EXERCISE_IDS}
    return StudentResult("s1", "a" * 64, release.version, scores, "ok")
