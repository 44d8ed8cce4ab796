"""Answers too short to compare as code are paired by what only their two students wrote
(autograder/similarity/short_answers.py): a whole comment line, two names or five comment phrases no
other student of the class uses. Nothing here runs student code."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.model import ReleaseInfo
from autograder.similarity import analyse, report, units
from autograder.similarity.short_answers import short_pair_score
from autograder.similarity.vocabulary import VocabularyMatch

RELEASE = Path(__file__).resolve().parent.parent / "assignments" / "2026-fall"
SUB = units.subtracted(ReleaseInfo.load(RELEASE), None)
# what a class of ten writes for the recompile prediction: the released call and one number, some
# with a comment of their own
PREDICTIONS = {
    "s01": "show_recompile_sequence('s01')\npredicted_compiles = 3\n",
    "s02": "show_recompile_sequence('s02')\n# shapes differ twice\npredicted_compiles = 3\n",
    "s03": 'show_recompile_sequence("s03")\npredicted_compiles = 4  # 形状变了两次\n',
    "s04": "show_recompile_sequence('s04')\npredicted_compiles = 2\n",
    "s05": "show_recompile_sequence('s05')\n# mode is static so b compiles again\npredicted_compiles = 2\n",
    "s06": "show_recompile_sequence('s06')\npredicted_compiles = (3)\n",
    "s07": "show_recompile_sequence('s07')\npredicted_compiles: int = 3\n",
    "s08": "show_recompile_sequence('s08')\npredicted_compiles = 5\n",
    "s09": "show_recompile_sequence('s09')\npredicted_compiles = 3\n",
    "s10": "show_recompile_sequence('s10')\npredicted_compiles = 4\n",
}
COPIED_LINE = "# a float64 numpy scalar becomes float32 in 32 bit mode so only mode b adds a compile\n"


def _recompile(texts: dict[str, str]) -> analyse.UnitReport:
    return analyse.analyse_unit("recompile", texts, SUB, threshold=0.5, min_tokens=analyse.DEFAULT_MIN_TOKENS)


def _with_line(*students: str) -> dict[str, str]:
    return {sid: COPIED_LINE + text if sid in students else text for sid, text in PREDICTIONS.items()}


def test_a_comment_line_only_two_short_answers_share_flags_the_pair() -> None:
    rep = _recompile(_with_line("s04", "s08"))
    assert not rep.compared  # every prediction is too short to compare as code
    assert [(m.a, m.b) for m in rep.pairs] == [("s04", "s08")]
    pair = rep.pairs[0]
    assert pair.similarity >= 0.5 and pair.channels == ("vocabulary",)
    assert any("comment lines only these two use" in r.text and "float64 numpy" in r.text for r in pair.rare)
    assert all(r.holders == 2 and r.students == 10 for r in pair.rare)


def test_a_line_three_students_share_is_the_class_s_and_flags_nobody() -> None:
    assert _recompile(_with_line("s04", "s08", "s10")).pairs == []
    assert _recompile(PREDICTIONS).pairs == []  # the same numbers and the released call: nothing


def test_the_release_s_own_comment_line_is_nobody_s_choice() -> None:
    header = "# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)\n"
    texts = {sid: header + t if sid in ("s04", "s08") else t for sid, t in PREDICTIONS.items()}
    assert _recompile(texts).pairs == []


def test_a_class_of_fewer_than_eight_pairs_no_short_answers() -> None:
    texts = {sid: t for sid, t in _with_line("s04", "s05").items() if sid <= "s07"}
    assert _recompile(texts).pairs == []


def test_a_short_answer_is_paired_with_a_compared_one_and_the_page_says_how() -> None:
    texts = _with_line("s04")
    texts["s05"] = (  # a long answer: compared as code, and sharing the copied line with s04
        COPIED_LINE + "show_recompile_sequence('s05')\n"
        "calls = [(3, 'f32', 'a'), (4, 'f32', 'a'), (3, 'f64', 'a'), (3, 'f32', 'b')]\n"
        "keys = {(shape, 'f32' if dtype == 'f64' else dtype, mode) for shape, dtype, mode in calls}\n"
        "predicted_compiles = len(keys)\n"
    )
    rep = _recompile(texts)
    assert rep.compared == ["s05"] and [(m.a, m.b) for m in rep.pairs] == [("s04", "s05")]
    whole = analyse.Report({"recompile": rep}, {}, {}, 0.5, analyse.DEFAULT_MIN_TOKENS)
    page = report.unit_html(whole, rep, {}, set())
    assert "matched on vocabulary" in page and "only these two use" in page
    assert "paired only by the words no other student uses" in page


@settings(max_examples=200, deadline=None)
@given(
    lines=st.integers(0, 20),
    names=st.integers(0, 20),
    phrases=st.integers(0, 20),
    more=st.sampled_from(["lines", "names", "phrases"]),
)
def test_the_score_grows_with_each_kind_of_evidence_and_stays_on_the_scale(
    lines: int, names: int, phrases: int, more: str
) -> None:
    def match(n_lines: int, n_names: int, n_phrases: int) -> VocabularyMatch:
        def words(n: int, kind: str) -> tuple[str, ...]:
            return tuple(f"{kind}{i}" for i in range(n))

        return VocabularyMatch(0.0, words(n_names, "n"), 0.0, words(n_phrases, "p"), words(n_lines, "l"))

    score = short_pair_score(match(lines, names, phrases))
    bigger = {"lines": (lines + 1, names, phrases), "names": (lines, names + 1, phrases)}.get(
        more, (lines, names, phrases + 1)
    )
    assert 0.0 <= score <= short_pair_score(match(*bigger)) <= 1.0
    assert (score >= 0.5) == (lines >= 1 or names >= 2 or phrases >= 5)
    assert (score == 0.0) == (lines == names == phrases == 0)


def test_a_short_pair_raised_by_its_runs_too_still_says_it_matched_on_words_not_code() -> None:
    from autograder.similarity.behaviour import ExerciseBehaviour

    def fp(*seqs: str) -> ExerciseBehaviour:
        return ExerciseBehaviour(tuple(tuple(s.split()) for s in seqs), (), "")

    rep = _recompile(_with_line("s04", "s08"))
    common, rare = "broadcast_in_dim sub mul reduce_sum sqrt max", "sin cos mul exp log tanh add sub"
    fps = {sid: fp(common, rare) if sid in ("s04", "s08") else fp(common) for sid in PREDICTIONS}
    analyse.add_behaviour(rep, _with_line("s04", "s08"), SUB, fps, None, 0.5)
    pair = next(m for m in rep.pairs if (m.a, m.b) == ("s04", "s08"))
    assert pair.channels[0] == "vocabulary" and "code" not in pair.channels and "jaxpr" in pair.channels
    whole = analyse.Report({"recompile": rep}, {}, {}, 0.5, analyse.DEFAULT_MIN_TOKENS)
    page = report.unit_html(whole, rep, {}, set())
    assert "matched on vocabulary + jaxpr; words alone" in page and "code alone" not in page
