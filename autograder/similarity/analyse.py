"""Compare every pair of students per unit and keep what a TA should look at (trusted side).

For each unit (exercise or `silu.cc`): tokenise every student's text (`tokens.py`), fingerprint it
with the template subtracted (`fingerprints.py`), set aside the answers shorter than `min_tokens`
tokens of their own ("too short to compare"), score each student against the master's reference
answer, then score pairs through an inverted index (only pairs sharing a fingerprint are looked
at, so 300 students cost far less than 44,850 set intersections), with the reference's k-grams and
the class-wide common fingerprints removed as well. Pairs at or above `threshold` are reported with
their shared fragments; every pair's score goes into the unit's histogram.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from autograder.similarity.behaviour import (
    CHANNEL_CODE,
    CHANNEL_IR,
    CHANNEL_JAXPR,
    CHANNEL_WRONG,
    BehaviourMatch,
    ExerciseBehaviour,
    score_pairs,
)
from autograder.similarity.combine import Evidence, combined_scores, pair_evidence
from autograder.similarity.fingerprints import (
    Fingerprinted,
    Fragment,
    K,
    fragments,
    similarity,
    subtract_set,
)
from autograder.similarity.layout import Layout, LayoutMatch, describe, layout_of, layout_scores
from autograder.similarity.short_answers import short_pairs
from autograder.similarity.short_grams import short_gram_scores
from autograder.similarity.standout import standout_margins
from autograder.similarity.starter import normalised_line, starter_lines, without_starter
from autograder.similarity.tokens import Token, tokenize
from autograder.similarity.units import KERNEL_UNIT, UNITS, StudentUnits, Subtracted, language_of
from autograder.similarity.vocabulary import (
    Vocabulary,
    VocabularyMatch,
    given_vocabulary,
    vocabulary_of,
    vocabulary_scores,
)

# Defaults measured with benchmarks/bench_similarity_disguise.py (docs/similarity.md).
DEFAULT_THRESHOLD = 0.5
DEFAULT_MIN_TOKENS = (
    15  # own tokens; measured in docs/similarity.md (30 before normalising shortened streams)
)
HISTOGRAM_BINS = 20
# An answer is a few hundred tokens; of a longer one only the start is compared (a hostile 20 MB
# notebook must not cost minutes: tokenising is linear, but every token is a Python object).
MAX_UNIT_CHARS = 100_000
MAX_UNIT_TOKENS = 20_000
# A pair is flagged only when it shares at least this many fingerprints: the share of the smaller
# side is 1.0 for a 16-token answer whose one API chain (`jax.jit(f).lower(*args).compile()`)
# any longer answer contains (measured: benchmarks/bench_similarity.py, fusion).
MIN_SHARED_PRINTS = 2
COMMON_SHARE = 0.2  # a fingerprint in more than this share of a unit's answers is common code
COMMON_FLOOR = 10  # ... and in more than this many (small classes share little by chance)
# Calibration per exercise: a pair's score is read against the exercise's pairs. Nearly every pair
# of a class is independent, so the CALIBRATION_QUANTILE of all its pairs' scores (those sharing
# nothing included) is where independent answers of this exercise reach by converging; a score is
# rescaled so that this level is 0 and identical is 1: (s - b) / (1 - b). On a short exercise with
# one natural answer b is high and the same raw score means less. Measured with
# benchmarks/bench_similarity_disguise.py (docs/similarity.md).
CALIBRATION_QUANTILE = 0.9
CALIBRATE_PAIRS_FROM = 28  # pairs (8 answers); a smaller class is not rescaled
# ... and never by more than this: an exercise where a tenth of the pairs score 1.0 is one where a
# family of answers is one text, and a raw 1.0 still reads as 1.0
MAX_BASELINE = 0.3
# The code channel is not rescaled any more (issue 46, round 4): its rarity weights (2 / n) already
# read each exercise against its own class, and in a class of 20 with six copies per exercise the
# 90th percentile of the pairs is a copy pair, so the rescaling removed copies (measured on the first
# held-out class: 12 of 38 found with it, 17 without, 1 and 2 of 601 independent pairs flagged).
# The behaviour channel is still calibrated (add_behaviour).
CALIBRATE_CODE = False
MAX_RARE_FEATURES = 5  # rare shared fragments shown per flagged pair
CHANNEL_LAYOUT = "layout"  # the answer text's layout (layout.py)
CHANNEL_VOCABULARY = "vocabulary"  # names and comment words only the pair uses (vocabulary.py)
MAX_VOCABULARY_SHOWN = 6
# Behaviour corroborates code: correct answers of a short exercise trace the same primitives, so
# their jaxprs match without any copying (measured: 24 of 2,357 independent pairs of the tuning part
# at 1.0 on the jaxpr channel alone). A pair's jaxpr (or kernel IR) score raises its code score by
# at most this much; a shared rare wrong value (the same wrong output on the same failed checks) is
# not capped.
BEHAVIOUR_LIFT = 0.25


@dataclass(frozen=True)
class Match:
    """Two students' answers of one unit (or one student and the reference, `b` = REFERENCE)."""

    unit: str
    a: str
    b: str
    similarity: float
    longest: int  # tokens in the longest shared fragment
    fragments: tuple[Fragment, ...]
    # which channels matched (behaviour.py: "code", "jaxpr", "wrong values"); `similarity` is the
    # highest of the code score and the behaviour score
    channels: tuple[str, ...] = (CHANNEL_CODE,)
    code_similarity: float | None = None  # the text score alone, when a behaviour channel matched
    # what raised the pair: its rarest shared features, rarest first
    rare: tuple[RareFeature, ...] = ()


@dataclass(frozen=True)
class RareFeature:
    """A feature two students share, with how many of the class hold it."""

    channel: str  # CHANNEL_CODE, CHANNEL_JAXPR, CHANNEL_IR, CHANNEL_WRONG
    text: str  # a code fragment (side A's text) or a primitive sequence; never a hidden value
    holders: int  # students of the class who hold it (2: only this pair)
    students: int  # students compared


REFERENCE = "reference solution"


@dataclass
class UnitReport:
    unit: str
    compared: list[str] = field(default_factory=list)
    too_short: list[str] = field(default_factory=list)
    starter_only: list[str] = field(default_factory=list)  # nothing left once the template is subtracted
    truncated: list[str] = field(default_factory=list)  # longer than MAX_UNIT_CHARS: the start compared
    pairs: list[Match] = field(default_factory=list)  # above the threshold, most similar first
    reference: list[Match] = field(default_factory=list)  # close to the reference solution
    histogram: list[int] = field(default_factory=lambda: [0] * HISTOGRAM_BINS)  # all pairs compared
    reference_cut: float = 1.0  # "close to the reference" from this score on (see `reference_cut`)
    baseline: float = 0.0  # raw pair score where this exercise's independent answers reach (calibration)
    behaviour_baseline: float = 0.0  # the same for the behaviour channel
    code_scores: dict[tuple[str, str], float] = field(default_factory=dict)  # the text channels' score
    # each pair's readings for the combination (combine.py); empty when the class is too small
    evidence: dict[tuple[str, str], Evidence] = field(default_factory=dict)
    tokens: dict[str, list[Token]] = field(default_factory=dict)  # for highlighting; REFERENCE too
    behaviour_students: int = 0  # students with a fingerprint from the grading run (0: channel off)


@dataclass
class Report:
    units: dict[str, UnitReport]
    sources: dict[str, dict[str, str]]  # student -> unit -> text; REFERENCE -> unit -> text
    notes: dict[str, tuple[str, ...]]  # student -> why something was not compared
    threshold: float
    min_tokens: int


def _tokens(
    text: str, unit: str, starter: frozenset[bytes], entry: frozenset[bytes] = frozenset()
) -> list[Token]:
    text = text[:MAX_UNIT_CHARS]
    tokens = tokenize(text, language_of(unit), entry_points=entry)
    return without_starter(text, tokens, starter)[:MAX_UNIT_TOKENS]


_WORD = re.compile(r"[A-Za-z_]\w*")


def entry_points(sub: Subtracted, unit: str) -> frozenset[bytes]:
    """The names the grader calls or reads in this unit: every name of the release's cells for it
    (the starter's definitions, the self-checks' calls). What none of them reaches is dead code."""
    return frozenset(w.encode() for _, text in sub.template.get(unit, []) for w in _WORD.findall(text))


# "Close to the reference" is calibrated per exercise: a short exercise with one natural answer
# brings most of the class near the master's text, and a list naming half the class means nothing.
# A student is listed when the score is at or above the threshold and an outlier of the class:
# above the upper quartile by OUTLIER_IQR interquartile ranges (Tukey's fence), once the class has
# CALIBRATE_FROM answers compared (a smaller class has no spread to speak of).
OUTLIER_IQR = 1.5
CALIBRATE_FROM = 8


def reference_cut(scores: list[float], threshold: float) -> float:
    """The score from which an answer is listed as close to the reference solution."""
    if len(scores) < CALIBRATE_FROM:
        return threshold
    ordered = sorted(scores)
    q1, q3 = ordered[len(ordered) // 4], ordered[(3 * len(ordered)) // 4]
    return max(threshold, min(1.0, q3 + OUTLIER_IQR * (q3 - q1)))


def _fingerprint(
    texts: dict[str, str],
    unit: str,
    subtract: frozenset[int],
    starter: frozenset[bytes],
    entry: frozenset[bytes] = frozenset(),
) -> dict[str, Fingerprinted]:
    return {
        sid: Fingerprinted.of(_tokens(text, unit, starter, entry), subtract) for sid, text in texts.items()
    }


def _common(prints: dict[str, set[int]]) -> set[int]:
    counts = Counter(h for p in prints.values() for h in p)
    limit = max(COMMON_FLOOR, COMMON_SHARE * len(prints))
    return {h for h, c in counts.items() if c > limit}


def _match(
    unit: str, a: str, b: str, fa: Fingerprinted, fb: Fingerprinted, score: float, subtract: frozenset[int]
) -> Match:
    frags = tuple(fragments(fa, fb, subtract))
    return Match(unit, a, b, round(score, 4), max((f.length for f in frags), default=0), frags)


# Rarity: a fingerprint held by the pair and at most one more student weighs 2 / n; one held by
# RARE_HOLDERS + 1 or more weighs (2 / n) ** CROWD_EXPONENT, so that four students handing in one
# text (six pairs, how a class converges on a short obvious answer) no longer score exactly the
# default threshold 0.5. Measured on the two spent held-out classes (docs/similarity.md, round 5):
# 26 -> 10 of 2,124 independent pairs flagged on the second, the first unchanged.
RARE_HOLDERS = 3
CROWD_EXPONENT = 1.2


def rarity_weight(holders: int) -> float:
    """The weight of a fingerprint `holders` students of the class hold (1 when only the pair does)."""
    if holders <= RARE_HOLDERS:
        return min(1.0, 2.0 / holders)
    return (2.0 / holders) ** CROWD_EXPONENT


def rarity_weights(prints: Mapping[str, set[int]]) -> dict[int, float]:
    """Each fingerprint's weight by its rarity in the class (`rarity_weight`). Of n students holding a
    fragment, a pair sharing it is one of n(n - 1) / 2 pairs that do: a fragment only two students
    share weighs fully, one three share 2/3, one a fifth of a class of 20 wrote 0.33, one half of it
    wrote 0.14, whatever the class's size (MOSS and JPlag discount fragments common to many students
    the same way). Measured against log(N / n) / log(N / 2), which left a text 5 of 13 students wrote
    independently at 0.51: docs/similarity.md."""
    counts = Counter(h for p in prints.values() for h in p)
    n = len(prints)
    if n < CALIBRATE_FROM:  # a handful of answers: sharing with all of them is still sharing
        return dict.fromkeys(counts, 1.0)
    return {h: rarity_weight(c) for h, c in counts.items()}


def pair_score(sizes: tuple[int, int], shared_weight: float) -> float:
    """A pair's code score: the weight of what it shares over the smaller side's fingerprints counted
    whole, so two answers that are both the class's common text score low however identical (over
    the smaller side's weight, they scored 1.0)."""
    smaller = min(sizes)
    return shared_weight / smaller if smaller else 0.0


# A pair sharing at least this many fingerprints (about 100 tokens) scores at least the share of the
# smaller side's weight times shared / LONG_SHARED: a long text a ring of students hands in is not
# written alike by chance. Round 5: only when that long score stands out from every other pair of
# both students (`long_scores`): on the second held-out class, six students' honestly identical
# kernels were 13 of its 51 flagged independent pairs through this rule (docs/similarity.md).
LONG_SHARED = 40


def long_score(side_weights: tuple[float, float], shared_weight: float, shared: int) -> float:
    side = min(side_weights)
    return shared_weight / side * min(1.0, shared / LONG_SHARED) if side > 0 else 0.0


def long_scores(scores: Mapping[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    """The long-text scores that count: a pair's, when it is the one best long-text score of both of
    its students (a group of students holding one long text ties with each other and counts none)."""
    best: dict[str, tuple[float, int]] = {}  # student -> (best score, pairs reaching it)
    for pair, s in scores.items():
        for me in pair:
            top, count = best.get(me, (0.0, 0))
            best[me] = (s, 1) if s > top else (top, count + 1) if s == top else (top, count)
    return {(a, b): s for (a, b), s in scores.items() if s > 0 and best[a] == best[b] == (s, 1)}


# Calibration against the copier's own pairs (issue 46, section 2): a pair that stands out from
# every other pair either of its students has is lifted by STANDOUT_LIFT times the margin. A copy of
# an answer nobody else wrote stands out from its students' other pairs; students converging on one
# text do not (each has the same score with every member of the group). Measured on the first held-out
# class: 20 -> 22 of 44 copies found, 2 -> 3 of 751 independent pairs flagged; the second unchanged.
STANDOUT_LIFT = 0.5


def standout_scores(scores: Mapping[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    """`scores` (pair -> score, pairs sharing nothing absent) with each pair lifted by how far it
    stands out from the best other pair of either of its students: s + STANDOUT_LIFT * (s - rival)."""
    margins = standout_margins(scores)
    return {pair: min(1.0, s + STANDOUT_LIFT * max(0.0, margins[pair])) for pair, s in scores.items()}


def _shared_weights(
    prints: dict[str, set[int]], weight: Mapping[int, float]
) -> dict[tuple[str, str], list[float]]:
    """(a, b) -> [shared weight, shared count] for every pair sharing a fingerprint."""
    index: dict[int, list[str]] = {}
    for sid in sorted(prints):
        for h in prints[sid]:
            index.setdefault(h, []).append(sid)
    shared: dict[tuple[str, str], list[float]] = {}
    for h, owners in index.items():
        w = weight[h]
        for i, a in enumerate(owners):
            for b in owners[i + 1 :]:
                acc = shared.setdefault((a, b), [0.0, 0])
                acc[0] += w
                acc[1] += 1
    return shared


def calibration_baseline(scores: list[float], pairs: int) -> float:
    """The raw score independent answers of this exercise reach: the CALIBRATION_QUANTILE of every
    pair's score, `scores` being those of the pairs that share something (the rest score 0)."""
    if pairs < CALIBRATE_PAIRS_FROM:
        return 0.0
    at = int(CALIBRATION_QUANTILE * pairs)
    zeros = pairs - len(scores)
    if at < zeros:
        return 0.0
    ordered = sorted(scores)
    return min(MAX_BASELINE, ordered[min(at - zeros, len(ordered) - 1)])


def calibrated(raw: float, baseline: float) -> float:
    if baseline >= 1.0:
        return 0.0
    return max(0.0, (raw - baseline) / (1.0 - baseline))


def _rare_code(
    m: Match, fa: Fingerprinted, shared: set[int], source: str, holders: Mapping[int, int], n: int
) -> Match:
    """`m` with its rarest shared code fragments (the source lines of side A they cover) and how many
    students hold them (the fewest holders of a fingerprint both sides share inside the fragment)."""
    data = source.encode("utf-8", "replace")
    found: list[RareFeature] = []
    for frag in m.fragments:
        start, end = frag.a[0]
        hs = [holders[h] for h in fa.hashes[start : max(start + 1, end - K + 1)] if h in shared]
        if not hs or end <= start:
            continue
        lines = sorted({data.count(b"\n", 0, t.start) for t in fa.tokens[start:end]})
        text_lines = data.split(b"\n")
        snippet = " / ".join(text_lines[i].decode("utf-8", "replace").strip() for i in lines[:6])
        found.append(RareFeature(CHANNEL_CODE, snippet[:160], min(hs), n))
    found.sort(key=lambda r: (r.holders, -len(r.text)))
    return replace(m, rare=tuple(found[:MAX_RARE_FEATURES]))


# Layout (round 6, layout.py): a pair whose layout stands out from every other layout match of
# its students (a copy keeps its original's line breaks, spacing and comment shapes; students
# converging on one text in one style tie with each other) is lifted by LAYOUT_LIFT times the margin
# over LAYOUT_PIVOT. Layout alone raises nothing: only a pair sharing code is lifted.
LAYOUT_LIFT = 0.5
LAYOUT_PIVOT = 0.2


def with_layout(
    scores: Mapping[tuple[str, str], float], matches: Mapping[tuple[str, str], LayoutMatch]
) -> dict[tuple[str, str], float]:
    """`scores` with each pair lifted by LAYOUT_LIFT * (its layout score - the best other layout score
    of either student - LAYOUT_PIVOT), when that is positive."""
    layout = {pair: m.score for pair, m in matches.items()}
    margins = standout_margins(layout)
    return {
        pair: min(1.0, s + LAYOUT_LIFT * max(0.0, margins.get(pair, 0.0) - LAYOUT_PIVOT))
        for pair, s in scores.items()
    }


def _layouts(texts: Mapping[str, str], unit: str, starter: frozenset[bytes]) -> dict[str, Layout]:
    lang = language_of(unit)

    def is_starter(line: str) -> bool:
        return normalised_line(line.encode("utf-8", "replace")) in starter

    return {sid: layout_of(text[:MAX_UNIT_CHARS], lang, is_starter) for sid, text in texts.items()}


def _with_layout_evidence(m: Match, lm: LayoutMatch | None, students: int, code_alone: float | None) -> Match:
    """`m` with its layout evidence among what raised it, and its code score before the layout's
    lift (`code_alone`, None when the layout did not lift it)."""
    if lm is None or (not lm.only_pair and not lm.few):
        return m
    text, holders = describe(lm, students)
    feature = RareFeature(CHANNEL_LAYOUT, text, holders, students)
    # the layout line first among equally rare features: it is the evidence the code cannot give
    rare = tuple(sorted((feature, *m.rare), key=lambda r: r.holders))
    lifted = round(code_alone, 4) if code_alone is not None else None
    return replace(
        m, rare=rare[:MAX_RARE_FEATURES], channels=(*m.channels, CHANNEL_LAYOUT), code_similarity=lifted
    )


def _all_pairs(students: list[str]) -> list[tuple[str, str]]:
    names = sorted(students)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def _evidence(
    unit: str,
    texts: Mapping[str, str],
    sub: Subtracted,
    code: Mapping[tuple[str, str], float],
    layout: Mapping[tuple[str, str], LayoutMatch],
    tokens: Mapping[str, list[str]],
    reference: list[str],
) -> dict[tuple[str, str], Evidence]:
    """Every pair's readings for the combination (combine.py): its code score, its layout score, its
    short token runs (`tokens`: each student's normalised token texts; `reference`: the reference
    answer's) and what the two vocabularies share beyond what the release's cells and the reference
    use."""
    vocab = vocabulary_scores(_vocabularies(unit, texts, sub))
    short = short_gram_scores(tokens, reference)
    return pair_evidence(code, {pair: m.score for pair, m in layout.items()}, vocab, short)


def _vocabularies(unit: str, texts: Mapping[str, str], sub: Subtracted) -> dict[str, Vocabulary]:
    """Each answer's vocabulary beyond what the release's cells and the reference use."""
    lang = language_of(unit)
    given = given_vocabulary([*(t for _, t in sub.template.get(unit, [])), sub.reference.get(unit, "")], lang)
    return {sid: vocabulary_of(text[:MAX_UNIT_CHARS], lang, given) for sid, text in texts.items()}


def _with_vocabulary_evidence(m: Match, ev: Evidence | VocabularyMatch | None, students: int) -> Match:
    """`m` with the names and comment words only its two students use among what raised it."""
    if ev is None:
        return m
    found = []
    for what, words in (
        ("names", ev.only_pair_identifiers),
        ("comment lines", tuple(f"# {line}" for line in ev.only_pair_comment_lines)),
        ("comment phrases", ev.only_pair_comment_words),
    ):
        if words:
            more = ", ..." if len(words) > MAX_VOCABULARY_SHOWN else ""
            shown = ", ".join(words[:MAX_VOCABULARY_SHOWN]) + more
            found.append(RareFeature(CHANNEL_VOCABULARY, f"{what} only these two use: {shown}", 2, students))
    if not found:
        return m
    rare = tuple(sorted((*found, *m.rare), key=lambda r: r.holders))[:MAX_RARE_FEATURES]
    return replace(m, rare=rare, channels=(*m.channels, CHANNEL_VOCABULARY))


def _close_to_reference(
    report: UnitReport,
    fps: Mapping[str, Fingerprinted],
    ref: Fingerprinted,
    template: frozenset[int],
    threshold: float,
) -> None:
    """List the students whose answer is close to the reference solution (`reference_cut`)."""
    report.tokens[REFERENCE] = ref.tokens
    scores = {sid: similarity(fps[sid].prints, ref.prints) for sid in report.compared}
    report.reference_cut = reference_cut(list(scores.values()), threshold)
    for sid, score in scores.items():
        if score >= report.reference_cut:
            report.reference.append(_match(report.unit, sid, REFERENCE, fps[sid], ref, score, template))
    report.reference.sort(key=lambda m: (-m.similarity, m.a))


def analyse_unit(
    unit: str, texts: dict[str, str], sub: Subtracted, *, threshold: float, min_tokens: int
) -> UnitReport:
    lang = language_of(unit)
    template = subtract_set(tokenize(t, lang) for _, t in sub.template.get(unit, []))
    starter = starter_lines(t for _, t in sub.template.get(unit, []))
    report = UnitReport(unit)
    entry = entry_points(sub, unit)
    fps = _fingerprint(texts, unit, template, starter, entry)
    report.truncated = sorted(sid for sid, text in texts.items() if len(text) > MAX_UNIT_CHARS)
    for sid in sorted(fps):
        own = fps[sid].own_tokens
        (
            report.starter_only if own == 0 else report.too_short if own < min_tokens else report.compared
        ).append(sid)
        report.tokens[sid] = fps[sid].tokens
    ref_hashes = frozenset[int]()
    if (ref_text := sub.reference.get(unit)) is not None:
        ref = Fingerprinted.of(_tokens(ref_text, unit, starter, entry), template)
        ref_hashes = frozenset(ref.hashes)
        _close_to_reference(report, fps, ref, template, threshold)
    prints = {sid: fps[sid].prints - ref_hashes for sid in report.compared}
    common = _common(prints)
    prints = {sid: p - common for sid, p in prints.items()}
    pair_subtract = template | ref_hashes | common
    weight = rarity_weights(prints)
    holders = Counter(h for p in prints.values() for h in p)
    shared = _shared_weights(prints, weight)
    n = len(report.compared)
    raw = _raw_scores(prints, weight, shared)
    if n >= CALIBRATE_FROM:  # a handful of answers has no other pairs to stand out from
        raw = standout_scores(raw)
    layout = _layouts({sid: texts[sid] for sid in report.compared}, unit, starter)
    sharing = [pair for pair, (_, c) in shared.items() if c >= MIN_SHARED_PRINTS]
    combining = n >= CALIBRATE_FROM  # a handful of answers has no other pairs to read a pair against
    matches = layout_scores(layout, _all_pairs(report.compared) if combining else sharing, rarity_weight)
    code_only = raw
    if combining:
        raw = with_layout(raw, matches)
    report.baseline = calibration_baseline(list(raw.values()), n * (n - 1) // 2) if CALIBRATE_CODE else 0.0
    code = {
        pair: calibrated(raw[pair], report.baseline) if count >= MIN_SHARED_PRINTS else 0.0
        for pair, (_, count) in shared.items()
    }
    final = code
    if combining:
        own_texts = {sid: texts[sid] for sid in report.compared}
        token_texts = {sid: [t.text for t in fps[sid].tokens] for sid in report.compared}
        reference = [t.text for t in report.tokens.get(REFERENCE, [])]
        report.evidence = _evidence(unit, own_texts, sub, code, matches, token_texts, reference)
        final = combined_scores(report.evidence)
    report.histogram[0] = n * (n - 1) // 2 - len(final)  # pairs that share nothing
    for (a, b), score in final.items():
        report.code_scores[a, b] = score
        report.histogram[min(int(score * HISTOGRAM_BINS), HISTOGRAM_BINS - 1)] += 1
        if score < threshold:
            continue
        m = _match(unit, a, b, fps[a], fps[b], score, pair_subtract)
        m = _rare_code(m, fps[a], prints[a] & prints[b], texts[a], holders, n)
        lifted = code.get((a, b), 0.0) if combining else None
        if not combining and raw[a, b] > code_only[a, b]:
            lifted = calibrated(code_only[a, b], report.baseline)
        m = _with_layout_evidence(m, matches.get((a, b)), n, lifted)
        report.pairs.append(_with_vocabulary_evidence(m, report.evidence.get((a, b)), n))
    _add_short_pairs(report, texts, sub, fps, template, threshold)
    report.pairs.sort(key=lambda m: (-m.similarity, -m.longest, m.a, m.b))
    return report


def _raw_scores(
    prints: Mapping[str, set[int]],
    weight: Mapping[int, float],
    shared: Mapping[tuple[str, str], tuple[float, int]],
) -> dict[tuple[str, str], float]:
    """Each pair sharing anything: the rarity-weighted share of the smaller side, or the long score
    when that is higher (`long_scores`)."""
    sizes = {sid: len(p) for sid, p in prints.items()}
    totals = {sid: sum(weight[h] for h in p) for sid, p in prints.items()}
    raw = {
        (a, b): pair_score((sizes[a], sizes[b]), w) if c >= MIN_SHARED_PRINTS else 0.0
        for (a, b), (w, c) in shared.items()
    }
    long = long_scores(
        {
            (a, b): long_score((totals[a], totals[b]), w, int(c))
            for (a, b), (w, c) in shared.items()
            if c >= LONG_SHARED
        }
    )
    return {pair: max(s, long.get(pair, 0.0)) for pair, s in raw.items()}


def _add_short_pairs(
    report: UnitReport,
    texts: Mapping[str, str],
    sub: Subtracted,
    fps: Mapping[str, Fingerprinted],
    template: frozenset[int],
    threshold: float,
) -> None:
    """Pairs with a side too short to compare as code, scored by what only the two students wrote
    (short_answers.py), from 8 answers on: fewer have no class to call a word rare in."""
    short = [*report.too_short, *report.starter_only]
    everyone = sorted({*report.compared, *short})
    if not short or len(everyone) < CALIBRATE_FROM:
        return
    vocabularies = _vocabularies(report.unit, {sid: texts[sid] for sid in everyone}, sub)
    for (a, b), (score, words) in short_pairs(vocabularies, short).items():
        if score < threshold:
            continue
        m = _match(report.unit, a, b, fps[a], fps[b], score, template)
        m = replace(_with_vocabulary_evidence(m, words, len(everyone)), channels=(CHANNEL_VOCABULARY,))
        report.pairs.append(m)


def _behaviour_rare(bm: BehaviourMatch, channel: str, students: int) -> tuple[RareFeature, ...]:
    return tuple(
        RareFeature(CHANNEL_WRONG if text.startswith("wrong value on ") else channel, text, holders, students)
        for text, holders in bm.rare
    )


def add_behaviour(
    report: UnitReport,
    texts: dict[str, str],
    sub: Subtracted,
    fingerprints: Mapping[str, ExerciseBehaviour],
    reference: ExerciseBehaviour | None,
    threshold: float,
) -> None:
    """Combine the grading run's channel into `report.pairs`: a pair's score is max(code, behaviour),
    each calibrated against this exercise's pairs (correct answers of a short exercise behave alike:
    a behaviour score most pairs reach means nothing); its channels say which matched, and a pair
    flagged on behaviour alone still gets its side-by-side view."""
    report.behaviour_students = len(fingerprints)
    channel = CHANNEL_IR if report.unit == KERNEL_UNIT else CHANNEL_JAXPR
    matches: dict[tuple[str, str], BehaviourMatch] = score_pairs(fingerprints, reference, channel)
    if not matches:
        return
    n = len(fingerprints)
    report.behaviour_baseline = calibration_baseline([m.score for m in matches.values()], n * (n - 1) // 2)
    lang = language_of(report.unit)
    template = subtract_set(tokenize(t, lang) for _, t in sub.template.get(report.unit, []))
    starter = starter_lines(t for _, t in sub.template.get(report.unit, []))
    entry = entry_points(sub, report.unit)
    flagged = {(m.a, m.b): m for m in report.pairs}
    for (a, b), bm in sorted(matches.items()):
        score = calibrated(bm.score, report.behaviour_baseline)
        if CHANNEL_WRONG not in bm.channels:
            score = min(score, report.code_scores.get((a, b), 0.0) + BEHAVIOUR_LIFT)
        rare = _behaviour_rare(bm, channel, n)
        text_pair = flagged.get((a, b))
        if text_pair is not None:
            # a short pair was flagged on its words (vocabulary), every other text pair on code
            channels = (text_pair.channels[0], *bm.channels) if score > 0 else text_pair.channels
            best = max(text_pair.similarity, score)
            both = tuple(sorted((*text_pair.rare, *rare), key=lambda r: r.holders))[:MAX_RARE_FEATURES]
            flagged[a, b] = replace(
                text_pair,
                similarity=round(best, 4),
                channels=channels,
                rare=both,
                code_similarity=text_pair.similarity if score > 0 else None,
            )
        elif score >= threshold and a in texts and b in texts:
            fps = _fingerprint({a: texts[a], b: texts[b]}, report.unit, template, starter, entry)
            code = report.code_scores.get((a, b), 0.0)
            m = _match(report.unit, a, b, fps[a], fps[b], score, template)
            flagged[a, b] = replace(m, channels=bm.channels, code_similarity=round(code, 4), rare=rare)
    report.pairs = sorted(flagged.values(), key=lambda m: (-m.similarity, -m.longest, m.a, m.b))


def analyse(
    students: list[StudentUnits],
    sub: Subtracted,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    min_tokens: int = DEFAULT_MIN_TOKENS,
    units: tuple[str, ...] = UNITS,
    behaviour: Mapping[str, Mapping[str, ExerciseBehaviour]] | None = None,
) -> Report:
    """`behaviour`: student -> exercise -> fingerprint from the grading run (REFERENCE: the master's,
    whose jaxpr is no evidence); None or empty: the code channel alone."""
    sources = {s.student_id: dict(s.units) for s in students}
    reports = {}
    behaviour = behaviour or {}
    for unit in units:
        texts = {sid: u[unit] for sid, u in sources.items() if unit in u}
        reports[unit] = analyse_unit(unit, texts, sub, threshold=threshold, min_tokens=min_tokens)
        fps = {sid: b[unit] for sid, b in behaviour.items() if sid != REFERENCE and unit in b}
        if fps:
            ref = behaviour.get(REFERENCE, {}).get(unit)
            add_behaviour(reports[unit], texts, sub, fps, ref, threshold)
    sources[REFERENCE] = dict(sub.reference)
    notes = {s.student_id: s.notes for s in students if s.notes}
    return Report(reports, sources, notes, threshold, min_tokens)
