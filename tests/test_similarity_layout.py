"""Round 6 of issue 46: the layout channel (autograder/similarity/layout.py, analyse.with_layout).

A copy of a text several honest students hold keeps its original's layout; the honest holders each
wrote it in their own. The code channel reads all of them as one text; the layout tells the copy."""

from __future__ import annotations

from autograder.similarity import analyse, layout, units
from autograder.similarity.report import write

STEPS = 12


def _statement(style: str, i: int, name: str) -> str:
    call = f"jnp.commonop{i}"
    args = [f"{name}{i - 1}", "X", "Y"]
    if style == "spaced":
        return f"    {name}{i} = {call}({', '.join(args)})\n"
    if style == "tight":
        return f"    {name}{i}={call}({','.join(args)})\n"
    if style == "broken":  # one argument per line, the bracket closed on its own line
        inner = ",\n".join(f"        {a}" for a in args)
        return f"    {name}{i} = {call}(\n{inner}\n    )\n"
    if style == "padded":  # spaces inside the brackets, a blank line after every third statement
        return f"    {name}{i} = {call}( {' , '.join(args)} )\n" + ("\n" if i % 3 == 0 else "")
    raise ValueError(style)


def _common_text(style: str, name: str = "v") -> str:
    """The one text several students hold, in one student's layout (`name`: their local names)."""
    body = "".join(_statement(style, i, name) for i in range(1, STEPS + 1))
    return f"def safe_pairwise_distance(X, Y):\n    {name}0 = X\n{body}    return {name}{STEPS}\n"


def _own_text(k: int) -> str:
    body = "".join(f"    w{i} = jnp.own{k}x{i}(w{i - 1}, X, Y)\n" for i in range(1, STEPS + 1))
    return f"def safe_pairwise_distance(X, Y):\n    w0 = X\n{body}    return w{STEPS}\n"


def _class(holders: dict[str, str]) -> dict[str, str]:
    """Twelve students who each wrote their own answer, but for `holders` (student -> text)."""
    return {f"s{k:02d}": _own_text(k) for k in range(1, 13)} | holders


def _report(answers: dict[str, str]) -> analyse.Report:
    students = [units.StudentUnits(s, {"safe_distance": t}, ()) for s, t in answers.items()]
    return analyse.analyse(students, units.Subtracted({}, {}), units=("safe_distance",))


def _flagged(answers: dict[str, str]) -> set[tuple[str, str]]:
    return {(m.a, m.b) for m in _report(answers).units["safe_distance"].pairs}


# four honest students wrote the common text, each in their own layout; s05 copied s01's answer,
# renamed its names and kept its layout
HONEST = {"s01": "broken", "s02": "spaced", "s03": "tight", "s04": "padded"}


def _with_copy() -> dict[str, str]:
    holders = {sid: _common_text(style) for sid, style in HONEST.items()}
    return _class(holders | {"s05": _common_text("broken", name="acc")})


def test_a_copy_of_a_common_text_that_keeps_its_layout_is_flagged_honest_holders_are_not() -> None:
    # to the code channel the five holders are one text (each pair 5 holders' weight, 0.33): round 5
    # flagged none of them; the copy shares its original's line breaks, which no one else wrote
    assert _flagged(_with_copy()) == {("s01", "s05")}


def test_a_class_run_through_one_formatter_flags_nothing_more() -> None:
    # the same five holders with one layout (what a formatter gives a class): the layout is the
    # class's, weighs nothing, and the copy reads as one more holder of a common text, as before
    formatted = _class(
        {sid: _common_text("spaced") for sid in HONEST} | {"s05": _common_text("spaced", "acc")}
    )
    assert _flagged(formatted) == set()
    assert _flagged(_with_copy()) == {("s01", "s05")}  # the same class unformatted: its layout told the copy
    every = layout.layout_of(_common_text("spaced"), "python", lambda line: False).features
    classwide = {sid: layout.layout_of(t, "python", lambda line: False) for sid, t in formatted.items()}
    assert every <= layout.common_features(classwide)


def test_line_shape_keeps_spacing_quotes_and_comment_shape_not_names_or_words() -> None:
    py = frozenset({"def", "return"})
    assert layout.line_shape("    total = jnp.sum(x,axis=1)  # 求和", py) == layout.line_shape(
        "    acc = jnp.sum(y,axis=1)  # 全部加起", py
    )
    assert layout.line_shape("    total = f(x, 'a')", py) != layout.line_shape('    total = f(x, "a")', py)
    assert layout.line_shape("    total = f(x, y)", py) != layout.line_shape("    total = f(x,y)", py)
    assert layout.line_shape("    total = f(x)  # sum", py) != layout.line_shape("    total = f(x) # sum", py)
    assert layout.line_shape("eqnCount = 1", py) != layout.line_shape("eqn_count = 1", py)


def test_the_report_shows_the_layout_evidence_in_words(tmp_path) -> None:
    report = _report(_with_copy())
    (pair,) = report.units["safe_distance"].pairs
    assert analyse.CHANNEL_LAYOUT in pair.channels
    (evidence,) = [r for r in pair.rare if r.channel == analyse.CHANNEL_LAYOUT]
    assert evidence.holders == 2
    assert "held by no other student" in evidence.text and "line" in evidence.text
    write(report, tmp_path)
    html = (tmp_path / "similarity.html").read_text()
    assert "same layout in" in html and "held by no other student" in html
