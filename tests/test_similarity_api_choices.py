"""Round 12 of issue 46: the library choices an answer makes (autograder/similarity/api_choices.py),
read by rarity in the vocabulary channel and combined with the other readings (combine.py)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.model import ReleaseInfo
from autograder.similarity import analyse, combine, report, units
from autograder.similarity.api_choices import MAX_STRING, choices_of
from autograder.similarity.vocabulary import Vocabulary, given_vocabulary, vocabulary_of, vocabulary_scores

ROOT = Path(__file__).resolve().parents[1]
CLASS_H = ROOT / "tests" / "corpus" / "similarity_heldout_h"


def test_a_copy_that_kept_its_library_calls_is_found_by_them_and_the_report_names_them() -> None:
    # spent class h, safe_distance: z19 copied z10's answer and re-associated its constants; round 11
    # scored the pair 0.38. Both reach for lax.eq, lax.mul and lax.sub, which no other student does.
    texts = {
        p.parent.name: p.read_text(encoding="utf-8")
        for p in (CLASS_H / "students").glob("*/safe_distance.py")
    }
    sub = units.subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    unit = analyse.analyse_unit(
        "safe_distance", texts, sub, threshold=0.5, min_tokens=analyse.DEFAULT_MIN_TOKENS
    )
    pair = next(m for m in unit.pairs if (m.a, m.b) == ("z10", "z19"))
    assert pair.similarity >= analyse.DEFAULT_THRESHOLD
    shown = [r.text for r in pair.rare if r.channel == analyse.CHANNEL_VOCABULARY]
    assert "library choices only these two use: .eq, .mul, .sub" in shown
    assert unit.evidence["z10", "z19"].named()["api_choice_margin"] > 0
    rep = analyse.Report({"safe_distance": unit}, {}, {}, 0.5, analyse.DEFAULT_MIN_TOKENS)
    assert "library choices only these two use: .eq, .mul, .sub" in report.page_html(rep)


def test_python_choices_are_attributes_and_short_strings_not_docstrings_or_names() -> None:
    text = (
        "def f(x):\n"
        '    """A docstring is prose, not a choice."""\n'
        "    # a comment: x.not_this\n"
        "    y = jax.pure_callback(g, x, vmap_method='broadcast_all')\n"
        f"    note = '{'m' * (MAX_STRING + 1)}'\n"
        '    return y.astype(np.float32), exe.cost_analysis()["bytes accessed"]\n'
    )
    assert choices_of(text, "python") == {
        ".pure_callback",
        ".astype",
        ".float32",
        ".cost_analysis",
        "'broadcast_all",
        "'bytes accessed",
    }


def test_kernel_choices_are_members_calls_and_strings_outside_comments() -> None:
    text = (
        "// std::tanh(x) is not used\n"
        "/* ffi::Ignored */\n"
        "float s = 1.0f / (1.0f + std::exp(-x));\n"
        'auto h = ffi::Ffi::Bind().Attr<float>("alpha");\n'
        'const char* open = "to the end of the line\n'
    )
    assert choices_of(text, "cpp") == {
        ".exp",
        "exp()",
        ".Ffi",
        ".Bind",
        "Bind()",
        ".Attr",
        "'alpha",
        "'to the end of the line",
    }


def test_an_answer_that_does_not_tokenize_still_gives_its_attributes() -> None:
    assert choices_of("x = np.sum(y\n  ) )) '''", "python") >= {".sum"}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400), st.sampled_from(["python", "cpp"]))
def test_any_text_gives_choices_of_a_known_kind(text: str, language: str) -> None:
    found = choices_of(text, language)
    for choice in found:
        assert choice.startswith((".", "'")) or (language == "cpp" and choice.endswith("()"))
        assert len(choice) <= MAX_STRING + 1 or choice.startswith(".") or choice.endswith("()")


def test_the_release_and_reference_choices_and_those_many_make_are_no_evidence() -> None:
    given_choices = given_vocabulary(["d = jnp.sqrt(jnp.where(m, d, 1.0))\n"], "python")
    assert {".sqrt", ".where"} <= given_choices.api_choices

    def answer(extra: str) -> Vocabulary:
        return vocabulary_of(f"d = jnp.sqrt(jnp.where(m, d, 1.0))\n{extra}\n", "python", given_choices)

    class_ = {f"s{k:02d}": answer(f"e = x.own_{k}()") for k in range(1, 11)}
    class_["s01"] = answer("e = lax.select(a, b, c)\nf = x.own_1()")
    class_["s02"] = answer("e = lax.select(a, b, c)\nf = x.own_2()")
    assert class_["s01"].api_choices == frozenset({".select", ".own_1"})
    scores = vocabulary_scores(class_)
    assert scores["s01", "s02"].only_pair_api_choices == (".select",)
    assert scores["s01", "s02"].api_choices > scores["s03", "s04"].api_choices == 0.0
    class_["s03"] = answer("e = lax.select(a, b, c)")  # a third student makes the same choice
    assert vocabulary_scores(class_)["s01", "s02"].only_pair_api_choices == ()


def test_a_library_choice_only_the_pair_makes_makes_it_stand_out() -> None:
    plain = combine.Evidence(tuple(0.3 if f == "code" else 0.0 for f in combine.FEATURES))
    assert not combine.stands_out(plain)
    assert combine.stands_out(combine.Evidence(plain.values, only_pair_api_choices=(".select",)))
