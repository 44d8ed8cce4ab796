"""Issue 46, round 13: type hints are read as absent by the code channel (tokens._unannotated,
normalise._plain_assignment). Adding or dropping hints is how copiers restyled copies in the
held-out classes; a hint changes nothing an answer computes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.model import ReleaseInfo
from autograder.similarity import analyse, units
from autograder.similarity.tokens import tokenize

ROOT = Path(__file__).resolve().parents[1]
CLASS_K = ROOT / "tests" / "corpus" / "similarity_heldout_k"


def _texts(source: str) -> list[str]:
    return [t.text for t in tokenize(source, "python")]


def test_hinted_parameters_returns_and_assignments_read_as_unhinted() -> None:
    hinted = (
        "def rule(args: tuple, dims: tuple[int, ...] = (), *rest: int, axis: int, **kw: dict) -> tuple:\n"
        "    total: int = 0\n"
        "    for a in axis:\n"
        "        total += a\n"
        "    return args, total\n"
    )
    plain = (
        "def rule(args, dims=(), *rest, axis, **kw):\n"
        "    total = 0\n"
        "    for a in axis:\n"
        "        total += a\n"
        "    return args, total\n"
    )
    assert _texts(hinted) == _texts(plain)
    assert ":" not in _texts("x: jax.Array = f(y)\n")[1:]


def test_an_annotated_constant_and_flag_are_read_like_plain_ones() -> None:
    # `n: int = 5` is substituted like `n = 5`; `DEBUG: bool = False` drops its `if DEBUG:` block
    assert _texts("def f(x):\n    n: int = 5\n    return x * n\n") == _texts(
        "def f(x):\n    n = 5\n    return x * n\n"
    )
    flagged = "DEBUG: bool = False\ndef f(x):\n    if DEBUG:\n        g(x)\n    return x\n"
    assert _texts(flagged) == _texts("DEBUG = False\ndef f(x):\n    return x\n")


def test_a_hint_is_all_that_is_dropped() -> None:
    # slices, dict displays and lambdas keep their colons: only a hint and its `:` or `->` go
    kept = _texts("def f(x, d):\n    return x[1:2], {1: d}, lambda q: q\n")
    assert kept.count(":") >= 3


_HINTS = st.sampled_from(
    ["", ": int", ": tuple[int, ...]", ": jax.Array", ": 'Tracer'", ": list[int] | None"]
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(_HINTS, st.booleans()), min_size=1, max_size=5),
    _HINTS.map(lambda h: h.replace(":", " ->", 1)),
    st.booleans(),
)
def test_any_hints_on_a_function_leave_its_tokens_unchanged(
    params: list[tuple[str, bool]], returns: str, hint_local: bool
) -> None:
    names = [f"p{i}" for i in range(len(params))]

    def source(hinted: bool) -> str:
        parts = []
        for name, (hint, default) in zip(names, params, strict=True):
            parts.append(name + (hint if hinted else "") + (" = 1" if default else ""))
        head = f"def f({', '.join(parts)}){returns if hinted else ''}:\n"
        local = "    acc: float = p0\n" if hinted and hint_local else "    acc = p0\n"
        return head + local + f"    return acc + {' + '.join(names)}\n"

    assert _texts(source(True)) == _texts(source(False))


def test_a_renamed_copy_that_added_hints_now_stands_on_its_code() -> None:
    # spent class k, reduce_sum_rules: p14 copied p02's three rules, renamed everything and added type
    # hints; round 11 scored the pair 0.43 and missed it. Without the hints its code reads like p02's.
    texts = {
        p.parent.name: p.read_text(encoding="utf-8")
        for p in (CLASS_K / "students").glob("*/reduce_sum_rules.py")
    }
    sub = units.subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    unit = analyse.analyse_unit(
        "reduce_sum_rules", texts, sub, threshold=0.5, min_tokens=analyse.DEFAULT_MIN_TOKENS
    )
    assert [t.text for t in unit.tokens["p14"]] == [t.text for t in unit.tokens["p02"]]
    assert unit.code_scores["p02", "p14"] >= analyse.DEFAULT_THRESHOLD
