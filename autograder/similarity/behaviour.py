"""The behavioural channel of the similarity report: what two students' code did in the grading run.

Trusted side. Its data (`ExerciseBehaviour`, one per student and exercise) comes from the grading
run (grade/run/behaviour_read.py): the primitive sequences of the student's traced jaxprs (sent by
the sandboxed child, sandboxed/behaviour.py) and the value tokens the parent makes from each
exercise's observations, with the failed sub-checks. The batch writes them as
`OUT/<student>/behaviour.json`, and `jaxgrade similarity --behaviour OUT` reads them back.

Scoring (`score_pairs`), per exercise, over the students who have a fingerprint:
  * each jaxpr sequence becomes its k-grams of primitives (K_GRAM; a shorter sequence is one gram);
  * every gram and wrong-value token is weighted by its rarity in the class, w = log(N / n) (n of
    the N students hold it): correct answers converge on one jaxpr, and what the whole class shares
    is no evidence; a gram of the reference solution's own jaxpr weighs 0 (sharing the master is
    no evidence of copying between students);
  * a pair's jaxpr score is the weight of the grams both hold over the weight of those either holds,
    counted only when they share at least MIN_SHARED_GRAMS grams that fewer than RARE_SHARE of the class hold;
  * two students sharing a rare wrong value (the same output of an exercise both failed, on the same
    failed sub-checks) is strong evidence: such a pair scores at least WRONG_VALUE_SCORE.
The kernel unit (`silu.cc`) has one more: the build's optimised IR, one opcode sequence per student
function the exported handlers reach (grade/kernel_ir.py), scored like the jaxprs (CHANNEL_IR).
The report combines it with the text score as max(text, behaviour) and names the channels that matched.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from autograder.grade.run.behaviour_read import FILE_NAME, ExerciseBehaviour, read_behaviour_file

K_GRAM = 4
MIN_SHARED_GRAMS = 3
MAX_RARE_SHOWN = 5  # rare shared features kept per pair (what the report shows as the evidence)
RARE_SHARE = 0.2  # a gram at most this share of the class holds is rare
RARE_FLOOR = 2  # ... and always when at most this many hold it
WRONG_RARE_SHARE = 0.05  # a wrong value counts when at most this share of the class (or 2) produced it
WRONG_VALUE_SCORE = 0.9
CHANNEL_CODE, CHANNEL_JAXPR, CHANNEL_WRONG = "code", "jaxpr", "wrong values"
CHANNEL_IR = "kernel IR"  # the kernel unit's sequences are the build's optimised IR (grade/kernel_ir.py)


def grams(behaviour: ExerciseBehaviour) -> set[str]:
    out = set()
    for seq in behaviour.jaxprs:
        if len(seq) < K_GRAM:
            out.add(" ".join(seq))
        for i in range(len(seq) - K_GRAM + 1):
            out.add(" ".join(seq[i : i + K_GRAM]))
    return out


@dataclass(frozen=True)
class BehaviourMatch:
    """What two students' grading runs share in one exercise."""

    score: float  # 0..1
    channels: tuple[str, ...]  # CHANNEL_JAXPR and/or CHANNEL_WRONG
    rare_grams: int  # rare primitive k-grams both hold
    wrong_values: int  # rare wrong-value tokens both hold
    # the rarest of them: (primitive k-gram, or "wrong value on <failed sub-checks>", holders)
    rare: tuple[tuple[str, int], ...] = ()


def score_pairs(
    fingerprints: Mapping[str, ExerciseBehaviour],
    reference: ExerciseBehaviour | None = None,
    sequence_channel: str = CHANNEL_JAXPR,
) -> dict[tuple[str, str], BehaviourMatch]:
    """Every pair (a < b) that shares rare behaviour, with its score (pairs sharing nothing rare:
    absent). `sequence_channel`: what the sequences are called (CHANNEL_IR for the kernel unit)."""
    gram_sets = {sid: grams(fp) for sid, fp in fingerprints.items()}
    wrong_sets = {sid: set(fp.values) for sid, fp in fingerprints.items()}
    n = len(fingerprints)
    if n < 2:
        return {}
    ref = grams(reference) if reference is not None else set()
    counts = Counter(g for s in gram_sets.values() for g in s)
    wrong_counts = Counter(t for s in wrong_sets.values() for t in s)
    rare_limit = max(RARE_FLOOR, RARE_SHARE * n)

    def weight(g: str) -> float:
        return 0.0 if g in ref else math.log(n / counts[g])

    totals = {sid: sum(weight(g) for g in s) for sid, s in gram_sets.items()}
    holders: dict[str, list[str]] = {}
    for sid in sorted(gram_sets):
        for g in gram_sets[sid]:
            if counts[g] <= rare_limit and g not in ref:
                holders.setdefault(g, []).append(sid)
        if fingerprints[sid].failed:  # only a failed exercise's values can be wrong ones
            for t in wrong_sets[sid]:
                if wrong_counts[t] <= max(RARE_FLOOR, WRONG_RARE_SHARE * n):
                    holders.setdefault(f"\0{fingerprints[sid].failed}\0{t}", []).append(sid)
    shared_rare: Counter[tuple[str, str]] = Counter()
    shared_wrong: Counter[tuple[str, str]] = Counter()
    evidence: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for key, owners in holders.items():
        shown = f"wrong value on {key.split(chr(0))[1]}" if key.startswith("\0") else key
        for i, a in enumerate(owners):
            for b in owners[i + 1 :]:
                (shared_wrong if key.startswith("\0") else shared_rare)[a, b] += 1
                evidence.setdefault((a, b), []).append((shown, len(owners)))
    out = {}
    for pair in set(shared_rare) | set(shared_wrong):
        a, b = pair
        channels = []
        score = 0.0
        if shared_rare[pair] >= MIN_SHARED_GRAMS:
            both = gram_sets[a] & gram_sets[b]
            # over the union, not the smaller side: two independent answers that made one uncommon
            # library choice (a sequential vmap's loop) held all of the smaller one's rare grams
            union = totals[a] + totals[b] - sum(weight(g) for g in both)
            score = sum(weight(g) for g in both) / union if union > 0 else 0.0
            channels.append(sequence_channel)
        if shared_wrong[pair]:
            score = max(score, WRONG_VALUE_SCORE)
            channels.append(CHANNEL_WRONG)
        if channels:
            rare = tuple(sorted(set(evidence.get(pair, [])), key=lambda e: (e[1], e[0]))[:MAX_RARE_SHOWN])
            out[pair] = BehaviourMatch(
                round(min(score, 1.0), 4), tuple(channels), shared_rare[pair], shared_wrong[pair], rare
            )
    return out


def load_folder(out: Path) -> dict[str, dict[str, ExerciseBehaviour]]:
    """student -> exercise -> fingerprint, from the `behaviour.json` files of a `jaxgrade grade` OUT
    folder (one per student folder; unreadable ones are left out)."""
    found: dict[str, dict[str, ExerciseBehaviour]] = {}
    for path in sorted(out.glob(f"*/{FILE_NAME}")):
        read = read_behaviour_file(path)
        if read is not None:
            found[read.student_id] = read.exercises
    return found
