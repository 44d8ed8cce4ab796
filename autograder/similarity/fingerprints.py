"""Winnowing over normalised tokens (Schleimer, Wilkerson and Aiken, SIGMOD 2003), the scheme Moss,
copydetect and Dolos use; tree-sitter gives the tokens, this module only hashes and compares them.

  * a k-gram is K consecutive tokens; its hash stands for it;
  * a unit's fingerprints are the minimum hash of every window of W consecutive k-grams, so any
    shared run of at least W + K - 1 tokens is guaranteed to share a fingerprint;
  * hashes of the subtracted text (template, starter code, pool sequences, optionally the
    reference answer) are removed before anything is compared, and so are hashes that more than
    `common_limit` units of the exercise share: code everybody writes is not evidence of copying.
Similarity of A and B = |FA ∩ FB| / min(|FA|, |FB|): the share of the smaller answer found in the
other (padding a copy with prints and dead code enlarges only one side).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from autograder.similarity.tokens import Token

K = 8  # tokens per k-gram
W = 4  # k-grams per winnowing window
# Where a k-gram recurs on side B, only its first positions are highlighted: a hostile answer of
# 2,000 identical lines would otherwise cost minutes (every position times every position).
MAX_OCCURRENCES = 8


@cache
def _token_id(text: str) -> int:
    """A stable number per token text: `hash(str)` changes with every process (PYTHONHASHSEED), and
    winnowing keeps the minimum hash, so the report would change from run to run."""
    return zlib.crc32(text.encode("utf-8"))


def kgram_hashes(tokens: Sequence[Token]) -> list[int]:
    """The hash of each k-gram (a tuple of ints hashes the same in every process)."""
    k = K
    ids = [_token_id(t.text) for t in tokens]
    return [hash(tuple(ids[i : i + k])) for i in range(len(ids) - k + 1)]


def winnow(hashes: Sequence[int]) -> set[int]:
    w = W
    if len(hashes) <= w:
        return set(hashes)
    return {min(hashes[i : i + w]) for i in range(len(hashes) - w + 1)}


@dataclass
class Fingerprinted:
    """One unit's tokens and hashes; `own` are its k-grams not subtracted (positions kept)."""

    tokens: list[Token]
    hashes: list[int]  # k-gram hash at each token position
    prints: set[int] = field(default_factory=set)  # winnowed, minus subtracted and common hashes
    own_tokens: int = 0  # tokens not covered by a subtracted k-gram

    @classmethod
    def of(cls, tokens: list[Token], subtract: frozenset[int]) -> Fingerprinted:
        hashes = kgram_hashes(tokens)
        covered = _covered(hashes, subtract, len(tokens))
        prints = {h for h in winnow(hashes) if h not in subtract}
        return cls(tokens, hashes, prints, len(tokens) - len(covered))


def _covered(hashes: Sequence[int], wanted: frozenset[int], n: int) -> set[int]:
    """Token positions covered by a k-gram whose hash is in `wanted`."""
    out: set[int] = set()
    for i, h in enumerate(hashes):
        if h in wanted:
            out.update(range(i, min(i + K, n)))
    return out


def subtract_set(token_lists: Iterable[list[Token]]) -> frozenset[int]:
    """Every k-gram hash of the given texts (templates subtract all their k-grams, not a sample)."""
    return frozenset(h for tokens in token_lists for h in kgram_hashes(tokens))


def similarity(a: set[int], b: set[int]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


@dataclass(frozen=True)
class Fragment:
    """A maximal run of matching tokens; `a`/`b` are token index ranges [start, end) per side."""

    number: int
    a: tuple[tuple[int, int], ...]
    b: tuple[tuple[int, int], ...]
    length: int  # tokens on side A


def _runs(positions: set[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for p in sorted(positions):
        if runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], p + 1)
        else:
            runs.append((p, p + 1))
    return runs


def fragments(a: Fingerprinted, b: Fingerprinted, subtract: frozenset[int]) -> list[Fragment]:
    """Shared runs of A and B (all k-grams, not only fingerprints), numbered longest first."""
    b_at: dict[int, list[int]] = {}
    for j, h in enumerate(b.hashes):
        if h not in subtract:
            at = b_at.setdefault(h, [])
            if len(at) < MAX_OCCURRENCES:
                at.append(j)
    hits_a = {i for i, h in enumerate(a.hashes) if h in b_at}
    runs_a = _runs({p for i in hits_a for p in range(i, i + K)})
    found: list[tuple[tuple[int, int], set[int]]] = []
    for start, end in runs_a:
        b_pos: set[int] = set()
        for i in range(start, end - K + 1):
            if i in hits_a:
                for j in b_at[a.hashes[i]]:
                    b_pos.update(range(j, j + K))
        found.append(((start, end), b_pos))
    found.sort(key=lambda f: (f[0][0] - f[0][1], f[0][0]))
    return [
        Fragment(n + 1, (run,), tuple(_runs(b_pos)), run[1] - run[0]) for n, (run, b_pos) in enumerate(found)
    ]
