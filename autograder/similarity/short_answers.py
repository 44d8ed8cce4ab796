"""Answers too short to compare as code, read by what their students chose to write (trusted side).

An answer with fewer than `--min-tokens` tokens of its own (a `recompile` prediction is one line, a
`fusion` report a few) has too few fingerprints to say anything as code, and every student of a
variant writes the same one-liner. What a copier keeps from such an answer is its words: a comment
line, a comment's phrases, a helper's name. Those are read here as the vocabulary channel reads
them (vocabulary.py), against every answer of the unit, short or compared: a pair with a side too
short is scored by what only its two students wrote.

Chosen on the spent held-out classes a to n (docs/similarity.md, round 14): of 43 planted copies
with a side too short, 6 share a whole comment line no third student wrote, 4 more two or more
names only they use and 2 more five or more comment phrases only they use; of 3,350 independent
pairs with a side too short, none shares a comment line, 1 shares two names and none five phrases.
One name or a few phrases only a pair uses is common by chance (78 independent pairs).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from autograder.similarity.vocabulary import Vocabulary, VocabularyMatch, vocabulary_scores

# Evidence that reaches the default threshold on its own: one comment line, two names or five
# comment phrases only the pair uses. Less scores proportionally less; twice as much scores 1.0, so
# a lower threshold given to the report reaches fewer phrases, a higher one more lines.
DEFAULT_THRESHOLD = 0.5  # analyse.DEFAULT_THRESHOLD, the scale's fixed point
LINES_AT_THRESHOLD = 1
NAMES_AT_THRESHOLD = 2
PHRASES_AT_THRESHOLD = 5


def short_pair_score(match: VocabularyMatch) -> float:
    """0..1 on the report's scale: the default threshold where the strongest kind of evidence
    reaches its count above."""
    evidence = max(
        len(match.only_pair_comment_lines) / LINES_AT_THRESHOLD,
        len(match.only_pair_identifiers) / NAMES_AT_THRESHOLD,
        len(match.only_pair_comment_words) / PHRASES_AT_THRESHOLD,
    )
    return min(1.0, DEFAULT_THRESHOLD * evidence)


def short_pairs(
    vocabularies: Mapping[str, Vocabulary], short: Iterable[str]
) -> dict[tuple[str, str], tuple[float, VocabularyMatch]]:
    """Every pair (a < b) of the students in `vocabularies` with a side in `short` that shares
    anything only it uses: its score and what it shares. `vocabularies` holds every answer of the
    unit, so "only the pair" means no other student of the class."""
    short = frozenset(short)
    out = {}
    for pair, match in vocabulary_scores(vocabularies).items():
        if short.isdisjoint(pair):
            continue
        score = short_pair_score(match)
        if score > 0:
            out[pair] = (score, match)
    return out
