"""Hostile answers shaped to make the similarity tokeniser's tree walks quadratic (trusted side).

tree-sitter finds a node's parent or next sibling by scanning the children of each ancestor, so a
walk that asks every leaf for them is quadratic in a deep or a wide tree: 30,000 nested `[`, or
30,000 `[1,` (all under the root after error recovery), kept the parent busy for minutes. The
tokeniser now reads a tree deeper than any person writes flat (similarity/deep_trees.py) and takes
parents and trailing commas from one cursor walk (tokens._tree_facts). benchmarks/
bench_similarity_hostile.py prints the CPU of each shape at the 100,000-character cap."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.similarity.deep_trees import MAX_TREE_DEPTH, deeper_than, flat_tokens
from autograder.similarity.tokens import _CLOSING, _COMMENTS, _parser, _tree_facts, tokenize


def _kinds(text: str, language: str = "python") -> list[str]:
    return [t.text for t in tokenize(text, language)]


def test_a_tree_deeper_than_any_person_writes_is_read_flat_and_a_deep_honest_one_is_not() -> None:
    """Grouping brackets are dropped by the normalised reading and kept by the flat one; so are
    comments left out by both. Every answer of the corpora nests at most 21 deep."""
    shallow = "y = (a)  # note\nx = " + "[" * 60 + "]" * 60 + "\n"
    deep = "y = (a)  # note\nx = " + "[" * (MAX_TREE_DEPTH + 10) + "]" * (MAX_TREE_DEPTH + 10) + "\n"
    assert "(" not in _kinds(shallow)
    flat = _kinds(deep)
    assert flat[:6] == ["N", "=", "(", "N", ")", "N"] and "comment" not in flat
    assert flat.count("[") == MAX_TREE_DEPTH + 10
    kernel = "void f() {" + "{" * (MAX_TREE_DEPTH + 10) + "x = 1.0f;" + "}" * (MAX_TREE_DEPTH + 10) + "}"
    assert _kinds(kernel, "cpp").count("{") == MAX_TREE_DEPTH + 11


def _depth(root) -> int:  # noqa: ANN001
    """The slow definition: levels below `root`, by recursion over children (small trees only)."""
    return 1 + max((_depth(c) for c in root.children), default=-1)


_PIECES = st.sampled_from(["[", "]", "(", ")", "{", "}", ",", "1", "x", ".y", "+", " ", "\n", ":", "f(",
                           "'s'", "#c\n", "lambda:", "=", "not ", "(1,)", "a[i,]"])  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=60), st.sampled_from(["python", "cpp"]))
def test_the_one_walk_finds_what_asking_each_node_finds(pieces: list[str], language: str) -> None:
    """On any text: the cursor walk's depth test, parents and trailing commas equal the slow
    definitions (asking each node for its parent and next sibling), and the flat reading gives the
    leaves in text order inside the text."""
    data = "".join(pieces).encode()
    root = _parser(language).parse(data).root_node
    depth = _depth(root)
    assert (depth == 0 or deeper_than(root, depth - 1)) and not deeper_than(root, depth)
    commas, parents = _tree_facts(root)
    stack, slow_commas = [root], set()
    while stack:
        n = stack.pop()
        for c in n.children:
            assert parents[c.id].id == n.id
            stack.append(c)
        after = n.next_sibling
        if n.type == "," and after is not None and after.type in _CLOSING and n.parent.type != "subscript":
            single = n.parent.type in ("tuple", "tuple_pattern") and sum(
                c.type not in _COMMENTS for c in n.parent.named_children) <= 1  # fmt: skip
            if not single:
                slow_commas.add(n.start_byte)
    assert commas == slow_commas
    flat = list(flat_tokens(root, frozenset({"integer", "string"}), frozenset({"identifier"}), _COMMENTS))
    assert all(0 <= t.start < t.end <= len(data) for t in flat)
    assert [t.start for t in flat] == sorted(t.start for t in flat)


def test_a_target_holding_another_update_is_walked_once() -> None:
    """`--x` reads as `x = x - L` and `a[i] += 1` as `a[i] = a[i] + 1`: the target is walked twice.
    A target holding another update or compound assignment reads as written, or every level doubled
    the walk: 80 minus signs in a kernel (40 nested `--`) never finished."""
    assert _kinds("void f() { --x; }", "cpp") == ["N", "(", ")", "{", "N", "=", "N", "-", "L", ";", "}"]
    assert _kinds("void f() { ----x; }", "cpp")[4:8] == ["--", "N", "=", "N"]
    assert _kinds("void f() { (a += 1) += 2; }", "cpp")[4:7] == ["(", "N", "="]
    item = ["N", "[", "N", "]"]
    assert _kinds("def f(a, i):\n    a[i] += 1\n")[6:] == [*item, "=", "L", "+", *item]
    assert _kinds("void f() { (a += 1) += 2; }", "cpp")[-5:] == [")", "+=", "L", ";", "}"]
    hostile = _kinds("void f() { x = " + "-" * 3000 + "1; }", "cpp")
    assert hostile.count("--") >= 1400


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["[", "[1,", "f(", "(1,", "{1:", "not ", "-", "--", "a.", "lambda: ", "a += "]),
       st.integers(1, 3000), st.sampled_from(["python", "cpp"]))  # fmt: skip
def test_hostile_nesting_tokenises_within_the_text(unit: str, n: int, language: str) -> None:
    text = "x = " + unit * n + "1" + ")]}" * (n // 3)
    tokens = tokenize(text, language)
    assert all(0 <= t.start <= t.end <= len(text.encode()) for t in tokens)
