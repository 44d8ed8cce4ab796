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

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from autograder.similarity.behaviour import (
    CHANNEL_CODE,
    CHANNEL_IR,
    CHANNEL_JAXPR,
    BehaviourMatch,
    ExerciseBehaviour,
    score_pairs,
)
from autograder.similarity.fingerprints import Fingerprinted, Fragment, fragments, similarity, subtract_set
from autograder.similarity.starter import starter_lines, without_starter
from autograder.similarity.tokens import Token, tokenize
from autograder.similarity.units import KERNEL_UNIT, UNITS, StudentUnits, Subtracted, language_of

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
    tokens: dict[str, list[Token]] = field(default_factory=dict)  # for highlighting; REFERENCE too
    behaviour_students: int = 0  # students with a fingerprint from the grading run (0: channel off)


@dataclass
class Report:
    units: dict[str, UnitReport]
    sources: dict[str, dict[str, str]]  # student -> unit -> text; REFERENCE -> unit -> text
    notes: dict[str, tuple[str, ...]]  # student -> why something was not compared
    threshold: float
    min_tokens: int


def _tokens(text: str, unit: str, starter: frozenset[bytes]) -> list[Token]:
    text = text[:MAX_UNIT_CHARS]
    return without_starter(text, tokenize(text, language_of(unit)), starter)[:MAX_UNIT_TOKENS]


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
    texts: dict[str, str], unit: str, subtract: frozenset[int], starter: frozenset[bytes]
) -> dict[str, Fingerprinted]:
    return {sid: Fingerprinted.of(_tokens(text, unit, starter), subtract) for sid, text in texts.items()}


def _common(prints: dict[str, set[int]]) -> set[int]:
    counts = Counter(h for p in prints.values() for h in p)
    limit = max(COMMON_FLOOR, COMMON_SHARE * len(prints))
    return {h for h, c in counts.items() if c > limit}


def _match(
    unit: str, a: str, b: str, fa: Fingerprinted, fb: Fingerprinted, score: float, subtract: frozenset[int]
) -> Match:
    frags = tuple(fragments(fa, fb, subtract))
    return Match(unit, a, b, round(score, 4), max((f.length for f in frags), default=0), frags)


def _shared_counts(prints: dict[str, set[int]]) -> Counter[tuple[str, str]]:
    index: dict[int, list[str]] = {}
    for sid in sorted(prints):
        for h in prints[sid]:
            index.setdefault(h, []).append(sid)
    shared: Counter[tuple[str, str]] = Counter()
    for owners in index.values():
        for i, a in enumerate(owners):
            for b in owners[i + 1 :]:
                shared[a, b] += 1
    return shared


def analyse_unit(
    unit: str, texts: dict[str, str], sub: Subtracted, *, threshold: float, min_tokens: int
) -> UnitReport:
    lang = language_of(unit)
    template = subtract_set(tokenize(t, lang) for _, t in sub.template.get(unit, []))
    starter = starter_lines(t for _, t in sub.template.get(unit, []))
    report = UnitReport(unit)
    fps = _fingerprint(texts, unit, template, starter)
    report.truncated = sorted(sid for sid, text in texts.items() if len(text) > MAX_UNIT_CHARS)
    for sid in sorted(fps):
        own = fps[sid].own_tokens
        (
            report.starter_only if own == 0 else report.too_short if own < min_tokens else report.compared
        ).append(sid)
        report.tokens[sid] = fps[sid].tokens
    ref_text = sub.reference.get(unit)
    ref_hashes: frozenset[int] = frozenset()
    if ref_text is not None:
        ref = Fingerprinted.of(_tokens(ref_text, unit, starter), template)
        report.tokens[REFERENCE] = ref.tokens
        ref_hashes = frozenset(ref.hashes)
        scores = {sid: similarity(fps[sid].prints, ref.prints) for sid in report.compared}
        report.reference_cut = reference_cut(list(scores.values()), threshold)
        for sid, score in scores.items():
            if score >= report.reference_cut:
                report.reference.append(_match(unit, sid, REFERENCE, fps[sid], ref, score, template))
        report.reference.sort(key=lambda m: (-m.similarity, m.a))
    prints = {sid: fps[sid].prints - ref_hashes for sid in report.compared}
    common = _common(prints)
    prints = {sid: p - common for sid, p in prints.items()}
    pair_subtract = template | ref_hashes | common
    shared = _shared_counts(prints)
    n = len(report.compared)
    report.histogram[0] = n * (n - 1) // 2 - len(shared)  # pairs that share nothing
    for (a, b), count in shared.items():
        score = count / min(len(prints[a]), len(prints[b]))
        report.histogram[min(int(score * HISTOGRAM_BINS), HISTOGRAM_BINS - 1)] += 1
        if score >= threshold and count >= MIN_SHARED_PRINTS:
            report.pairs.append(_match(unit, a, b, fps[a], fps[b], score, pair_subtract))
    report.pairs.sort(key=lambda m: (-m.similarity, -m.longest, m.a, m.b))
    return report


def _text_score(a: Fingerprinted, b: Fingerprinted) -> float:
    smaller = min(len(a.prints), len(b.prints))
    return len(a.prints & b.prints) / smaller if smaller else 0.0


def add_behaviour(
    report: UnitReport,
    texts: dict[str, str],
    sub: Subtracted,
    fingerprints: Mapping[str, ExerciseBehaviour],
    reference: ExerciseBehaviour | None,
    threshold: float,
) -> None:
    """Combine the grading run's channel into `report.pairs`: a pair's score is max(code, behaviour),
    its channels say which matched; a pair flagged on behaviour alone still gets its side-by-side view."""
    report.behaviour_students = len(fingerprints)
    channel = CHANNEL_IR if report.unit == KERNEL_UNIT else CHANNEL_JAXPR
    matches: dict[tuple[str, str], BehaviourMatch] = score_pairs(fingerprints, reference, channel)
    if not matches:
        return
    lang = language_of(report.unit)
    template = subtract_set(tokenize(t, lang) for _, t in sub.template.get(report.unit, []))
    starter = starter_lines(t for _, t in sub.template.get(report.unit, []))
    flagged = {(m.a, m.b): m for m in report.pairs}
    for (a, b), bm in sorted(matches.items()):
        text_pair = flagged.get((a, b))
        if text_pair is not None:
            channels = (CHANNEL_CODE, *bm.channels)
            best = max(text_pair.similarity, bm.score)
            flagged[a, b] = replace(text_pair, similarity=round(best, 4), channels=channels,
                                    code_similarity=text_pair.similarity)
        elif bm.score >= threshold and a in texts and b in texts:
            fps = _fingerprint({a: texts[a], b: texts[b]}, report.unit, template, starter)
            code = _text_score(fps[a], fps[b])
            m = _match(report.unit, a, b, fps[a], fps[b], max(code, bm.score), template)
            flagged[a, b] = replace(m, channels=bm.channels, code_similarity=round(code, 4))
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
