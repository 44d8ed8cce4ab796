"""Answers for the similarity tests: a corpus answer, and a disguised copy of one (benchmarks/)."""

from __future__ import annotations

from benchmarks.similarity_corpus import Answer, load_corpus
from benchmarks.similarity_disguise import disguise_cpp, disguise_python


def corpus_answer(exercise: str, variant: str) -> Answer:
    return load_corpus(exercise)[variant]


def disguised(answer: Answer, seed: int) -> Answer:
    kernel = disguise_cpp(answer.kernel, seed) if answer.kernel is not None else None
    return Answer(disguise_python(answer.python, seed), kernel)
