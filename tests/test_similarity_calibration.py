"""Shared code counts by its rarity in the class, scores are calibrated per exercise, and the report
says which rare shared features raised a pair (autograder/similarity/analyse.py, report.py)."""

from __future__ import annotations

from autograder.similarity import analyse, report, units

SHARED = (
    "def shared_helper(a, b):\n    t = jnp.rarea(a) + jnp.rareb(b)\n    q = jnp.rarec(t, a)\n"
    "    r = jnp.rared(q, b) - jnp.raree(t)\n    return jnp.raref(r, q)\n\n"
)


def _own(k: int) -> str:
    return (
        f"    u = jnp.own{k}a(X, Y)\n    v = jnp.own{k}b(u, u)\n    w = jnp.own{k}c(v, X)\n"
        f"    z = jnp.own{k}d(w, Y)\n    return jnp.own{k}e(z, w)\n"
    )


def _answer(k: int, shared: bool) -> str:
    head = SHARED if shared else ""
    call = "    X = shared_helper(X, Y)\n" if shared else ""
    return f"{head}def safe_pairwise_distance(X, Y):\n{call}{_own(k)}"


def _class(holders: int) -> analyse.Report:
    """12 students; s1 and s2 share SHARED, and so do `holders - 2` others."""
    students = [
        units.StudentUnits(f"s{k}", {"safe_distance": _answer(k, k <= holders)}, ()) for k in range(1, 13)
    ]
    return analyse.analyse(students, units.Subtracted({}, {}), threshold=0.0, units=("safe_distance",))


def _score(rep: analyse.Report, a: str, b: str) -> float:
    return next(m.similarity for m in rep.units["safe_distance"].pairs if (m.a, m.b) == (a, b))


def test_a_fragment_many_students_share_counts_less_than_one_only_two_share() -> None:
    only_two, six = _class(2), _class(6)
    # the same two answers: the shared helper weighs fully when only they hold it
    assert _score(only_two, "s1", "s2") > _score(six, "s1", "s2") + 0.1
    many = {"a": {1, 2}, "b": {1, 3}, "c": {3, 4}, "d": {3, 5}, "e": {3}, "f": {6}, "g": {7}, "h": {8, 9}}
    weights = analyse.rarity_weights(many)
    assert weights[1] == 1.0 and 0 < weights[3] < 1.0 and weights[2] == 1.0


def test_a_few_students_handing_in_one_text_are_still_flagged() -> None:
    # every fingerprint is held by the whole (tiny) class: no rarity to weigh, and no division by 0
    students = [units.StudentUnits(s, {"safe_distance": _answer(3, True)}, ()) for s in ("a", "b", "c")]
    rep = analyse.analyse(students, units.Subtracted({}, {}), units=("safe_distance",))
    assert [(m.a, m.b, m.similarity) for m in rep.units["safe_distance"].pairs] == [
        ("a", "b", 1.0),
        ("a", "c", 1.0),
        ("b", "c", 1.0),
    ]


def test_the_report_names_the_rare_shared_features_that_raised_a_pair() -> None:
    rep = _class(2)
    pair = next(m for m in rep.units["safe_distance"].pairs if (m.a, m.b) == ("s1", "s2"))
    assert pair.rare and all(r.holders == 2 and r.students == 12 for r in pair.rare)
    assert any("jnp.rarea(a)" in r.text for r in pair.rare)
    html = report.body_html(report_at(rep, 0.5))
    assert "Raised by these rare shared features" in html and "held by 2 of 12 students" in html
    assert "code: " in report.to_csv(report_at(rep, 0.5)).splitlines()[1]


def report_at(rep: analyse.Report, threshold: float) -> analyse.Report:
    kept = {
        u: analyse.UnitReport(
            unit.unit,
            compared=unit.compared,
            pairs=[m for m in unit.pairs if m.similarity >= threshold],
            tokens=unit.tokens,
        )
        for u, unit in rep.units.items()
    }
    return analyse.Report(kept, rep.sources, rep.notes, threshold, rep.min_tokens)


def test_scores_are_calibrated_against_the_exercises_own_pairs() -> None:
    # 45 pairs: 41 share nothing, 4 reach 0.6; the 90th percentile is a pair sharing nothing
    assert analyse.calibration_baseline([0.6] * 4, 45) == 0.0
    # a short exercise where a third of the pairs converge at 0.25: that level reads as 0
    assert analyse.calibration_baseline([0.25] * 15 + [0.9], 45) == 0.25
    assert analyse.calibrated(0.25, 0.25) == 0.0 and analyse.calibrated(1.0, 0.25) == 1.0
    assert abs(analyse.calibrated(0.625, 0.25) - 0.5) < 1e-9
    # never rescaled by more than MAX_BASELINE: a raw 1.0 stays 1.0 even where most pairs are copies
    assert analyse.calibration_baseline([1.0] * 40, 45) == analyse.MAX_BASELINE
    # a class too small to calibrate on
    assert analyse.calibration_baseline([0.4] * 10, 10) == 0.0
