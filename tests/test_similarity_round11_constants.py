"""Round 11 of issue 46: literal arithmetic reads as one literal in the code channel
(autograder/similarity/constants.py), so a copy whose constants were re-associated (`1.0` written
`0.5 + 0.5`, `zeros_like(s)` written `zeros_like(s) * 2`) tokenises as its original."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograder.model import ReleaseInfo
from autograder.similarity import analyse, constants, tokens, units
from autograder.similarity.spans import Token

ROOT = Path(__file__).resolve().parents[1]
CLASS_H = ROOT / "tests" / "corpus" / "similarity_heldout_h"
CLASS_I = ROOT / "tests" / "corpus" / "similarity_heldout_i"


def _texts(source: str) -> list[str]:
    return [t.text for t in tokens.tokenize(source, "python")]


def _unit(folder: Path, exercise: str) -> tuple[dict[str, str], analyse.UnitReport]:
    texts = {
        p.parent.name: p.read_text(encoding="utf-8") for p in (folder / "students").glob(f"*/{exercise}.py")
    }
    sub = units.subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    return texts, analyse.analyse_unit(
        exercise, texts, sub, threshold=0.0, min_tokens=analyse.DEFAULT_MIN_TOKENS
    )


def test_a_copy_with_reassociated_constants_reads_as_its_original() -> None:
    # spent class h, safe_distance: z19 copied z10's lax.sub/lax.select answer and wrote
    # zeros_like(s) as zeros_like(s) * 2, ones_like(s) as ones_like(s) * 0.5 * 2 and zeros_like(r)
    # as zeros_like(r) + 0.0 * r; round 10 read the pair 0.23 on code
    texts, unit = _unit(CLASS_H, "safe_distance")
    assert _texts(texts["z10"]) == _texts(texts["z19"])
    assert unit.evidence[("z10", "z19")].named()["code"] > 0.4


def test_a_renamed_copy_with_reassociated_constants_is_found() -> None:
    # spent class i, safe_distance: q01 copied q06's nested vmap, renamed it and wrote == 0.0 as
    # == 0.0 * 2, 1.0 as 0.5 + 0.5 and the outer 0.0 as 0.0 * squared_distances; round 10 missed it
    _, unit = _unit(CLASS_I, "safe_distance")
    pair = next(m for m in unit.pairs if {m.a, m.b} == {"q01", "q06"})
    assert pair.similarity >= analyse.DEFAULT_THRESHOLD


def test_literal_arithmetic_is_one_literal_and_other_arithmetic_is_kept() -> None:
    assert _texts("y = x * (0.5 + 0.5)\n") == _texts("y = x * 1.0\n")
    assert _texts("y = x ** (1 + 1)\n") == _texts("y = x ** 2\n")
    assert _texts("y = jnp.where(m, 0.0 * r, r)\n") == _texts("y = jnp.where(m, 0.0, r)\n")
    assert _texts("y = 1.0 - 1.0\n") == _texts("y = 0.0\n")
    assert _texts("y = a * 0.5 * 2 + b\n") == _texts("y = a * 1.0 + b\n")
    # a product with a non-zero literal, a comparison, and names stay what they were
    assert _texts("y = 2 * r\n") != _texts("y = 2\n")
    assert _texts("y = g * 0\n") != _texts("y = 0\n")  # an integer zero keeps g (see constants._FLOATS)
    assert _texts("y = r == 0.0 * 2\n") == _texts("y = r == 0.0\n") != _texts("y = 0.0\n")
    assert _texts("y = a + b\n") == ["N", "=", "N", "+", "N"]


def test_only_a_float_literal_of_value_zero_is_zero() -> None:
    def number(text: str) -> object:
        return (
            tokens._parser("python")
            .parse(f"y = {text}\n".encode())
            .root_node.children[0]
            .children[0]
            .children[2]
        )

    for zero in ("0.0", "0.", ".0", "0e3", "0_0.0", "00.000"):
        assert constants.is_zero(number(zero)), zero
    for other in ("0", "1", "0.5", "10", "0x10", "1e-3", "0.01", "x"):
        assert not constants.is_zero(number(other)), other


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="0123456789.+-*/()xjeE_ \n=", max_size=300))
def test_hostile_arithmetic_tokenises_without_error(source: str) -> None:
    # any text (mostly not Python) made of numbers and operators: the fold never raises and never
    # makes a stream longer than the unfolded one could be
    out = tokens.tokenize(source, "python")
    assert all(isinstance(t, Token) for t in out)


@given(st.lists(st.sampled_from([["L"], ["-", "L"], ["N"], ["L", "**", "L"], ["N", "*", "L"]]), max_size=40))
def test_folding_merges_only_literal_operands(kinds: list[list[str]]) -> None:
    streams = [[Token(t, 0, 1) for t in k] for k in kinds]
    out = constants.folded(Token("+", 0, 1), [Token("L", 0, 1)] * len(streams), streams)
    literal = sum(constants.is_literal(s) for s in streams)
    kept = [s for s in streams if not constants.is_literal(s)]
    assert [s for s in out if not constants.is_literal(s)] == kept
    assert sum(constants.is_literal(s) for s in out) == (literal if literal < 2 or len(streams) < 2 else 1)


def test_a_literal_sum_reads_as_one_literal_and_a_hostile_one_stays_bounded() -> None:
    assert _texts("y = " + " + ".join(["1"] * 50) + "\n") == ["N", "=", "L"]
    assert _texts("y = " + " + ".join(["1"] * 150) + "\n") == ["N", "=", "L"]  # nested 150 deep
    # 10,000 ones nest deeper than any person writes: the text is read flat (deep_trees.py)
    assert _texts("y = " + " + ".join(["1"] * 10_000) + "\n") == ["N", "=", *["L", "+"] * 9_999, "L"]
