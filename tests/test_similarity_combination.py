"""Round 8 of issue 46: the text channels combined (autograder/similarity/combine.py) with the
vocabulary channel (vocabulary.py): the names and comment words only a pair uses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.model import ReleaseInfo
from autograder.similarity import analyse, combine, report, trees, units
from autograder.similarity.vocabulary import Vocabulary, given_vocabulary, vocabulary_of, words_of
from benchmarks import monotone_trees

ROOT = Path(__file__).resolve().parents[1]
CLASS_E = ROOT / "tests" / "corpus" / "similarity_heldout_e"


def _class_e_unit(exercise: str) -> analyse.UnitReport:
    """One exercise of the spent class e, analysed as `jaxgrade similarity` does."""
    texts = {
        p.parent.name: p.read_text(encoding="utf-8") for p in (CLASS_E / "students").glob(f"*/{exercise}.py")
    }
    sub = units.subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    return analyse.analyse_unit(exercise, texts, sub, threshold=0.5, min_tokens=analyse.DEFAULT_MIN_TOKENS)


def test_a_padded_copy_that_kept_its_names_is_found_by_them_and_the_report_names_them() -> None:
    # class e, ffi_lowering: w08 copied w19's answer, padded it with dead code (unused imports, a
    # debug flag) and dropped its type hints; round 7 scored the pair 0.45 on code and layout and
    # missed it. Since hints are read as absent the code channel sees it too (0.89)
    unit = _class_e_unit("ffi_lowering")
    pair = next(m for m in unit.pairs if (m.a, m.b) == ("w08", "w19"))
    assert pair.similarity >= analyse.DEFAULT_THRESHOLD
    assert analyse.CHANNEL_VOCABULARY in pair.channels
    vocabulary = [r.text for r in pair.rare if r.channel == analyse.CHANNEL_VOCABULARY]
    assert vocabulary == ["names only these two use: _rms_aval, _rms_vmap"]
    assert unit.evidence["w08", "w19"].named()["only_pair_identifiers"] == 2
    rep = analyse.Report({"ffi_lowering": unit}, {}, {}, 0.5, analyse.DEFAULT_MIN_TOKENS)
    assert "names only these two use: _rms_aval, _rms_vmap" in report.page_html(rep)


def test_names_the_release_or_the_reference_uses_and_words_others_use_are_no_evidence() -> None:
    # twelve students each with their own helper name; s01 and s02 share only names the starter and
    # the reference use (`safe_pairwise_distance`, `where`, `sqrt`) and a name three students use
    def answer(helper: str, extra: str = "") -> str:
        return (
            f"def {helper}(d):\n    return jnp.sqrt(jnp.where(d > 0, d, 1.0))\n\n"
            f"def safe_pairwise_distance(X, Y):\n    {extra}d = ((X[:, None] - Y[None]) ** 2).sum(-1)\n"
            f"    return {helper}(d)\n"
        )

    texts = {f"s{k:02d}": answer(f"helper_{k}x") for k in range(1, 13)}
    for k in (1, 2, 3):
        texts[f"s{k:02d}"] = answer(f"helper_{k}x", "scratch_sum = 0\n    ")
    release = units.Subtracted(
        {"safe_distance": [("starter", "def safe_pairwise_distance(X, Y):\n    pass\n")]},
        {"safe_distance": "def safe_pairwise_distance(X, Y):\n    return jnp.sqrt(X)\n"},
    )
    rep = analyse.analyse_unit("safe_distance", texts, release, threshold=0.0, min_tokens=5)
    ev = rep.evidence["s01", "s02"]
    assert ev.only_pair_identifiers == () and ev.only_pair_comment_words == ()
    # the same class where only s01 and s02 use the extra name: it is theirs alone
    texts["s03"] = answer("helper_3x")
    rep = analyse.analyse_unit("safe_distance", texts, release, threshold=0.0, min_tokens=5)
    assert rep.evidence["s01", "s02"].only_pair_identifiers == ("scratch_sum",)


def _same_tree(a: list, b: list) -> bool:
    if len(a) != len(b):
        return False
    if len(a) == 1:
        return abs(a[0] - b[0]) <= 2e-6
    return (
        a[0] == b[0] and abs(a[1] - b[1]) <= 1e-9 and _same_tree(a[2], b[2]) and _same_tree(a[3], b[3])
    )


def test_the_shipped_trees_are_what_the_fit_on_the_spent_classes_gives(tmp_path: Path) -> None:
    # combination.json is fitted, never edited by hand: refitting on the spent classes the fit script
    # ships with (its SHIPPED_CLASSES, the one place a round adds a spent class) gives it again, up to
    # the last bits a machine's sums may differ in
    out = tmp_path / "combination.json"
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "similarity_combination_fit.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    refit = trees.from_data(json.loads(out.read_text(encoding="utf-8")))
    shipped = trees.shipped()
    assert (refit.features, refit.fitted_on) == (shipped.features, shipped.fitted_on)
    assert shipped.features == combine.FEATURES
    assert len(refit.trees) == len(shipped.trees) > 0
    assert all(_same_tree(a, b) for a, b in zip(refit.trees, shipped.trees, strict=True))
    assert abs(refit.base - shipped.base) <= 2e-6 and abs(refit.cut - shipped.cut) <= 1e-6


def test_the_detector_walks_the_trees_as_the_fit_does() -> None:
    # the fit cuts on numpy's walk of the trees (benchmarks/monotone_trees.py); the detector walks the
    # same data in plain Python (trees.py): both must give every pair the same output
    model = trees.shipped()
    rng = np.random.default_rng(46)
    x = rng.uniform(-1.0, 1.0, (500, len(combine.FEATURES)))
    x[:, [3, 5, 7]] = rng.integers(0, combine.CAP_COUNT + 1, (500, 3))
    fitted = monotone_trees.raw_of(x, list(model.trees), model.base)
    walked = np.array([model.raw(tuple(row)) for row in x])
    assert np.allclose(fitted, walked, rtol=0, atol=1e-12)
    assert len(set(np.round(walked, 6))) > 50  # the rows reach many leaves, not one
    # the detector reads a unit's pairs in one batch (Ensemble.outputs, chunked): the same outputs
    batch = model.outputs([tuple(row) for row in x], chunk=64)
    assert np.allclose(batch, [model.output(tuple(row)) for row in x], rtol=0, atol=1e-12)
    evidence = {(f"s{k}", "t"): combine.Evidence(tuple(row)) for k, row in enumerate(x[:40])}
    assert combine.combined_scores(evidence) == {p: combine.combined_score(e) for p, e in evidence.items()}


def test_a_pair_that_stands_out_nowhere_keeps_its_code_score() -> None:
    def evidence(**named: float) -> combine.Evidence:
        return combine.Evidence(tuple(named.get(f, 0.0) for f in combine.FEATURES))

    # tied with its students' other pairs in every channel: never above the code channel's score
    assert all(combine.combined_score(evidence(code=c / 20)) <= c / 20 for c in range(21))
    assert combine.combined_score(evidence()) == 0.0
    # the same code score, standing out from both students' other pairs and with a comment line of theirs
    assert combine.combined_score(evidence(code=0.45, code_margin=0.45, only_pair_comment_lines=1)) > 0.5


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400), st.sampled_from(["python", "cpp"]))
def test_any_text_gives_a_vocabulary_of_words(text: str, language: str) -> None:
    names, words = words_of(text, language)
    assert all(isinstance(w, str) and w for w in names | words)
    given_words = given_vocabulary([text], language)
    mine = vocabulary_of(text, language, Vocabulary(frozenset(), frozenset()))
    assert mine.identifiers == frozenset(names)
    assert vocabulary_of(text, language, given_words).identifiers == frozenset()


def test_short_runs_count_by_rarity_and_the_references_runs_not_at_all() -> None:
    from autograder.similarity.short_grams import short_gram_scores

    mine = "N = N . N ( N ) . N ( L )".split()
    others = {f"s{k:02d}": f"N = N{k} ( N , L{k} )".split() for k in range(3, 9)}
    scores = short_gram_scores({"s01": mine, "s02": mine, **others})
    assert scores["s01", "s02"] == 1.0  # the same runs, held by nobody else
    assert all(scores["s01", other] == 0.0 for other in others)
    # every run the reference answer holds weighs nothing: the same pair then shares nothing
    assert short_gram_scores({"s01": mine, "s02": mine, **others}, reference=mine)["s01", "s02"] == 0.0


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from("abcdef"), st.lists(st.sampled_from(["N", "L", "(", ")", "+"]), max_size=30)
    )
)
def test_short_run_scores_lie_between_0_and_1(tokens: dict[str, list[str]]) -> None:
    from autograder.similarity.short_grams import short_gram_scores

    scores = short_gram_scores(tokens)
    assert len(scores) == len(tokens) * (len(tokens) - 1) // 2
    assert all(0.0 <= s <= 1.0 + 1e-12 for s in scores.values())


def test_an_unclosed_comment_or_string_in_a_kernel_runs_to_the_end_and_is_read_once() -> None:
    # a hostile kernel of 30,000 unclosed `/*` (or escaped quotes with no closing one) was rescanned
    # from each to the end: about 20 s of the trusted parent's time per answer before the fix
    names, comments = words_of("int kept_name; /* " + "/* unclosed_word " * 30000, "cpp")
    assert names == {"kept_name"} and "unclosed_word" in " ".join(comments)
    names, _ = words_of('int kept_name; s = "' + '\\"' * 30000 + "\nint after_name;", "cpp")
    assert names == {"kept_name", "after_name"}


_READING = {
    "code": st.floats(0.0, 1.0),
    "only_pair_identifiers": st.integers(0, combine.CAP_COUNT).map(float),
    "only_pair_comment_words": st.integers(0, combine.CAP_COUNT).map(float),
    "only_pair_comment_lines": st.integers(0, combine.CAP_COUNT).map(float),
}


@settings(max_examples=300, deadline=None)
@given(
    st.tuples(*(_READING.get(f, st.floats(-1.0, 1.0)) for f in combine.FEATURES)),
    st.sampled_from(range(len(combine.FEATURES))),
    st.floats(0.01, 1.0),
)
def test_a_pair_more_alike_in_any_reading_never_scores_lower(
    values: tuple[float, ...], index: int, more: float
) -> None:
    # round 17: every weight is fitted at 0 or above; round 16's code margin weighed -0.47, so a pair
    # standing out more in code scored a little lower
    raised = tuple(v + more if i == index else v for i, v in enumerate(values))
    before = combine.combined_score(combine.Evidence(values))
    after = combine.combined_score(combine.Evidence(raised))
    assert after >= before
    assert all(trees.is_monotone(tree) for tree in trees.shipped().trees)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(40, 300), st.sampled_from([-1.0, 0.0, 1.0]))
def test_the_fit_grows_only_trees_monotone_in_every_reading(seed: int, rows: int, slope: float) -> None:
    # round 19: the label may fall as a reading grows (slope -1) or ignore it; the trees still never
    # score a pair lower for a higher reading
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, 3))
    y = (x[:, 0] + slope * x[:, 1] + rng.normal(scale=0.5, size=rows) > 0).astype(float)
    _, grown = monotone_trees.fit(
        x, y, np.ones(rows), monotone_trees.Settings(trees=5, depth=3, rate=0.3, l2=1.0, min_leaf=5)
    )
    assert all(trees.is_monotone(tree) for tree in grown)
    raised = x.copy()
    raised[:, rng.integers(0, 3)] += rng.uniform(0.0, 2.0)
    assert np.all(monotone_trees.raw_of(raised, grown, 0.0) >= monotone_trees.raw_of(x, grown, 0.0) - 1e-12)
