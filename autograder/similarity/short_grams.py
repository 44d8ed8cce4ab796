"""Short token runs shared by a pair (trusted side; issue 46, round 10).

The code channel fingerprints runs of fingerprints.K (8) normalised tokens, winnowed, and needs two
shared fingerprints: a short answer (a fusion count of a dozen tokens) has one or none, so its copy
scored 0 on code whatever the copier kept. This channel reads every run of SHORT_K normalised tokens
(no winnowing), minus the reference answer's runs, each weighted by its rarity in the class
(log(N / n) for a run n of the N students hold), and scores a pair by the weighted Jaccard of its two
sets. The combination (combine.py) reads it raw and against the pair's students' other pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from autograder.similarity.rarity import weighted_jaccard

SHORT_K = 4


def _runs(tokens: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + SHORT_K]) for i in range(len(tokens) - SHORT_K + 1)}


def short_gram_scores(
    tokens: Mapping[str, Sequence[str]], reference: Sequence[str] = ()
) -> dict[tuple[str, str], float]:
    """Every pair (a < b) of the students given, with the rarity-weighted Jaccard of their runs."""
    given = _runs(reference)
    return weighted_jaccard({sid: _runs(t) - given for sid, t in tokens.items()})[0]
