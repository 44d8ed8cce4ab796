"""Combining the text channels into one pair score (trusted side; issue 46, rounds 8 to 10, 16 to 18).

Each channel alone misses what another sees. The code channel (normalised tokens) sees through
renaming but not through a text the class converges on; the vocabulary channel (vocabulary.py)
sees the names and comment words a copier keeps when they reformat, pad, swap calls or move helpers;
the layout channel (layout.py) sees line breaks and spacing kept. A pair's evidence is a short
vector of these readings, each also read against the pair's students' other pairs (standout.py):

  code                  the code channel's score (stand-out and layout lifts included)
  code_margin           ... minus the best other code score of either student
  identifier_margin     the rarity-weighted overlap of identifiers minus the best other of either
  only_pair_identifiers identifiers no other student uses (at most CAP_COUNT counted)
  comment_margin        the same overlap of comment phrases (two words, three CJK characters), minus
                        the best other
  only_pair_comment_words comment phrases no other student uses (at most CAP_COUNT)
  layout_margin         the layout channel's score minus the best other of either student (the raw
                        layout score was measured too: students converging on one text in one style
                        share it, and it flagged 65 instead of 24 of class b's 2,119 independent pairs)
  only_pair_comment_lines whole comment lines no other student wrote (at most CAP_COUNT; round 9)
  short_gram_margin     the rarity-weighted overlap of runs of 4 normalised tokens (short_grams.py;
                        round 10: a short answer has too few of the code channel's fingerprints) minus
                        the best other of either student. The raw overlap was a reading too until
                        round 16: students composing one text from the same few alternatives share
                        those runs, and fitted on d to q it flagged 69 and 46 of classes b's and c's
                        independent pairs instead of 18 and 18.

The score is a sum of small regression trees boosted on the logistic loss (round 19; trees.py walks
them, `combination.json` holds them), fitted on the seventeen spent held-out classes d to t (written
blind, by hand; `benchmarks/similarity_combination_fit.py` refits them) and monotone in every reading:
each reading grows as a pair is more alike, so a pair more alike in any reading never scores lower.
Rounds 17 and 18 used a logistic model of the same vector with every weight 0 or more; fitted on
sixteen of d to t and measured on the seventeenth, the trees found 495 of 578 copies at 72 of 24,509
independent pairs flagged, the logistic model 488 at 75 (docs/similarity.md, round 19). The output is
rescaled so that the default threshold 0.5 sits where 0.25 % of the training classes' independent
pairs scored above it (`rescaled`). A pair that stands out in no channel keeps at most its code score
(`combined_score`).
A class too small to read a pair against its other pairs (fewer than analyse.CALIBRATE_FROM answers)
keeps the code score alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from autograder.similarity import trees
from autograder.similarity.standout import standout_margins
from autograder.similarity.vocabulary import VocabularyMatch

MARGINS = ("code_margin", "identifier_margin", "comment_margin", "layout_margin", "short_gram_margin")
CAP_COUNT = 8  # words only the pair uses, counted up to this: a long shared list is no more telling
FEATURES = (
    "code",
    "code_margin",
    "identifier_margin",
    "only_pair_identifiers",
    "comment_margin",
    "only_pair_comment_words",
    "layout_margin",
    "only_pair_comment_lines",
    "short_gram_margin",
)
# positions in FEATURES, read once for every pair of a unit (`_final` runs on each of them)
_CODE_AT = FEATURES.index("code")
_MARGINS_AT = tuple(FEATURES.index(m) for m in MARGINS)
_STANDOUT_AT = tuple(FEATURES.index(m) for m in MARGINS if m != "short_gram_margin")


@dataclass(frozen=True)
class Evidence:
    """One pair's readings (FEATURES) and the words only it uses."""

    values: tuple[float, ...]
    only_pair_identifiers: tuple[str, ...] = ()
    only_pair_comment_words: tuple[str, ...] = ()
    only_pair_comment_lines: tuple[str, ...] = ()

    def named(self) -> dict[str, float]:
        return dict(zip(FEATURES, self.values, strict=True))


def pair_evidence(
    code: Mapping[tuple[str, str], float],
    layout: Mapping[tuple[str, str], float],
    vocabulary: Mapping[tuple[str, str], VocabularyMatch],
    short: Mapping[tuple[str, str], float] | None = None,
) -> dict[tuple[str, str], Evidence]:
    """Every pair of `vocabulary` (all pairs of the students compared) with its readings; `code` and
    `layout` hold the pairs that share anything (the others read 0)."""
    code_all = {pair: code.get(pair, 0.0) for pair in vocabulary}
    code_margin = standout_margins(code_all)
    identifier_margin = standout_margins({p: v.identifiers for p, v in vocabulary.items()})
    comment_margin = standout_margins({p: v.comments for p, v in vocabulary.items()})
    layout_all = {pair: layout.get(pair, 0.0) for pair in vocabulary}
    layout_margin = standout_margins(layout_all)
    short_all = {pair: (short or {}).get(pair, 0.0) for pair in vocabulary}
    short_margin = standout_margins(short_all)
    out = {}
    for pair, v in vocabulary.items():
        values = (
            code_all[pair],
            code_margin[pair],
            identifier_margin[pair],
            float(min(CAP_COUNT, len(v.only_pair_identifiers))),
            comment_margin[pair],
            float(min(CAP_COUNT, len(v.only_pair_comment_words))),
            layout_margin[pair],
            float(min(CAP_COUNT, len(v.only_pair_comment_lines))),
            short_margin[pair],
        )
        out[pair] = Evidence(
            values, v.only_pair_identifiers, v.only_pair_comment_words, v.only_pair_comment_lines
        )
    return out


def model_output(values: tuple[float, ...], model: trees.Ensemble | None = None) -> float:
    return (model or trees.shipped()).output(values)


def rescaled(p: float, model: trees.Ensemble | None = None) -> float:
    """The model's output on the report's scale: its output for a pair sharing nothing becomes 0, its
    cut 0.5; monotone, 0..1."""
    model = model or trees.shipped()
    cut, floor = model.cut, model.floor
    if p < cut:
        return max(0.0, 0.5 * (p - floor) / (cut - floor))
    return min(1.0, 0.5 + 0.5 * (p - cut) / (1.0 - cut))


def stands_out(evidence: Evidence) -> bool:
    """Whether the pair stands out from its students' other pairs in any channel, or uses a word no
    one else uses. Students converging on one text tie with each other in every channel."""
    return any(evidence.values[i] > 0 for i in _STANDOUT_AT) or bool(
        evidence.only_pair_identifiers or evidence.only_pair_comment_words or evidence.only_pair_comment_lines
    )


def closest_everywhere(evidence: Evidence) -> bool:
    """Whether the pair is at least as alike as each of its students' other pairs in every channel
    (every margin 0 or more): both students' closest partner, whatever is read."""
    return all(evidence.values[i] >= 0 for i in _MARGINS_AT)


def combined_score(evidence: Evidence) -> float:
    """The pair's score: the model's, rescaled. A pair that stands out nowhere keeps the code
    channel's score at most (four students handing in one text are six equal pairs, not copies); a
    pair that is its students' closest in every channel scores at least its code score (round 19:
    three students handing in one long text rare in the class are the copy, its original and one more,
    tied in every channel; the trees, fitted on classes where such ties were honest short answers,
    scored them 0.44 at a code score of 0.67. Fitted on sixteen of d to t, the rule changes no count on
    the seventeenth; on the stress class c it flags 3 more pairs)."""
    return _final(evidence, model_output(evidence.values))


def combined_scores(evidence: Mapping[tuple[str, str], Evidence]) -> dict[tuple[str, str], float]:
    """`combined_score` of every pair of a unit, the model read for all of them at once."""
    outputs = trees.shipped().outputs([ev.values for ev in evidence.values()])
    return {pair: _final(ev, p) for (pair, ev), p in zip(evidence.items(), outputs, strict=True)}


def _final(evidence: Evidence, output: float) -> float:
    code = evidence.values[_CODE_AT]
    score = rescaled(output)
    if closest_everywhere(evidence):
        score = max(score, code)
    if not stands_out(evidence):
        score = min(score, code)
    return round(score, 4)
