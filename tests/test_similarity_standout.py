"""Round 5 of issue 46: a pair is read against its students' other pairs and against how many
students hold what it shares (autograder/similarity/analyse.py: rarity_weight, standout_scores)."""

from __future__ import annotations

from autograder.similarity import analyse, units


def _block(tag: str, steps: int) -> str:
    """`steps` statements of calls only this tag's holders make."""
    return "".join(f"    v{tag}{i} = jnp.{tag}op{i}(v{tag}{i - 1}, X, Y)\n" for i in range(1, steps + 1))


def _answer(blocks: list[tuple[str, int]]) -> str:
    body = "".join(f"    v{tag}0 = X\n" + _block(tag, steps) for tag, steps in blocks)
    result = ", ".join(f"v{tag}{steps}" for tag, steps in blocks)  # every block is read
    return f"def safe_pairwise_distance(X, Y):\n{body}    return ({result})\n"


def _scores(answers: dict[str, str]) -> dict[tuple[str, str], float]:
    students = [units.StudentUnits(s, {"safe_distance": t}, ()) for s, t in answers.items()]
    rep = analyse.analyse(students, units.Subtracted({}, {}), units=("safe_distance",), threshold=0.0)
    return {(m.a, m.b): m.similarity for m in rep.units["safe_distance"].pairs}


def _flagged(answers: dict[str, str]) -> set[tuple[str, str]]:
    threshold = analyse.DEFAULT_THRESHOLD
    return {pair for pair, score in _scores(answers).items() if score >= threshold}


def _class_of_twelve() -> dict[str, str]:
    return {f"s{k:02d}": _answer([(f"own{k}x", 12)]) for k in range(1, 13)}


def test_four_students_handing_in_one_text_are_not_flagged_three_are() -> None:
    # four students converging on one short text are six pairs at 2/4 per fingerprint: round 4 put
    # each at exactly the default threshold (0.5) and flagged all six
    four = _class_of_twelve() | {f"s{k:02d}": _answer([("common", 12)]) for k in range(1, 5)}
    assert _flagged(four) == set()
    # one text three students hold is the copy, its original and one more: still flagged
    three = _class_of_twelve() | {f"s{k:02d}": _answer([("common", 12)]) for k in range(1, 4)}
    assert _flagged(three) == {("s01", "s02"), ("s01", "s03"), ("s02", "s03")}
    assert analyse.rarity_weight(2) == 1.0 and analyse.rarity_weight(3) == 2 / 3
    assert analyse.rarity_weight(4) < 0.5


def test_a_partly_disguised_copy_stands_out_from_its_students_other_pairs_a_shared_part_does_not() -> None:
    # s02 kept 40 % of s01's answer and rewrote the rest: round 4 scored the pair 0.4, under the
    # threshold; nobody else shares anything with either of them, so the pair stands out and is lifted
    answers = _class_of_twelve()
    answers["s01"] = _answer([("kept", 8), ("orig", 12)])
    answers["s02"] = _answer([("kept", 8), ("rewritten", 12)])
    scores = _scores(answers)
    assert ("s01", "s02") in _flagged(answers)
    assert all(score < 0.1 for pair, score in scores.items() if pair != ("s01", "s02"))
    # s01, s02 and s03 each wrote the same part (the share that lifts a copy above) and the rest alone:
    # every pair of them scores about alike, so none stands out from its students' other pairs
    answers = _class_of_twelve()
    for k in (1, 2, 3):
        answers[f"s{k:02d}"] = _answer([("kept", 8), (f"alone{k}x", 12)])
    scores = _scores(answers)
    assert _flagged(answers) == set()
    trio = [scores[pair] for pair in (("s01", "s02"), ("s01", "s03"), ("s02", "s03"))]
    assert all(0 < score < analyse.DEFAULT_THRESHOLD for score in trio)


def test_standout_scores_lift_by_the_margin_over_the_best_rival_pair() -> None:
    scores = {("a", "b"): 0.4, ("a", "c"): 0.1, ("c", "d"): 0.3, ("d", "e"): 0.3}
    lifted = analyse.standout_scores(scores)
    assert lifted["a", "b"] == 0.4 + analyse.STANDOUT_LIFT * (0.4 - 0.1)
    assert lifted["c", "d"] == 0.3 and lifted["d", "e"] == 0.3  # tied with a rival: not lifted
    assert lifted["a", "c"] == 0.1
