"""Canonical loop forms for Python answers (trusted side, on tree-sitter nodes of hostile text).

Rewriting a loop in another style is the second cheapest disguise after renaming, and on a short
answer it changes most of the k-grams. Two rewrites are undone here, so that they tokenise as the
loop they came from:

  * an index loop over a sequence,
        S = list(E)                          # optional: without it, S stands for the sequence
        for K in range(len(S)):
            X = S[K]
            ...
    is `for X in E: ...`;
  * a counting `while`,
        I = 0
        while I < E:
            ...
            I += 1
    is `for I in range(E): ...`.

Only these exact shapes are recognised (same names in every place, nothing but comments, bare
strings or dropped noise between the parts), so a loop that does something else is never folded.
`noise(node)` is the tokeniser's rule for statements it drops; it is passed in to keep one rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Node = Any  # a tree_sitter.Node
Noise = Callable[[Node], bool]


@dataclass(frozen=True)
class CanonicalFor:
    """What a folded loop tokenises as: `for <target> in <iterable>: <body>` (node lists)."""

    keyword: Node  # the node whose span the synthetic `for` takes
    target: Node
    iterable: tuple[Node, ...]  # tokenised in order; `range` is emitted before them for a while loop
    counting: bool  # True: a folded `while`, whose iterable is range's argument
    body: tuple[Node, ...]


def _kept(nodes: list[Node], noise: Noise) -> list[Node]:
    return [n for n in nodes if n.is_named and n.type != "comment" and not noise(n)]


def _neighbour(node: Node, noise: Noise, step: int) -> Node | None:
    """The next (step 1) or previous (step -1) statement that counts; sibling links keep a block of
    thousands of statements linear."""
    n = node.next_named_sibling if step > 0 else node.prev_named_sibling
    while n is not None and (n.type == "comment" or noise(n)):
        n = n.next_named_sibling if step > 0 else n.prev_named_sibling
    return n


def _assignment(stmt: Node | None) -> Node | None:
    if stmt is None or stmt.type != "expression_statement" or stmt.named_child_count != 1:
        return None
    inner = stmt.named_children[0]
    return inner if inner.type == "assignment" else None


def _name(node: Node | None) -> bytes | None:
    return node.text if node is not None and node.type == "identifier" else None


def _single_call(node: Node | None, function: bytes) -> Node | None:
    """The one argument of `function(arg)`, else None."""
    if node is None or node.type != "call" or _name(node.child_by_field_name("function")) != function:
        return None
    args = node.child_by_field_name("arguments")
    named = [a for a in args.named_children if a.type != "comment"] if args is not None else []
    return named[0] if len(named) == 1 and named[0].type not in ("keyword_argument", "list_splat") else None


def _list_of(stmt: Node | None, sequence: bytes) -> Node | None:
    """E of a statement `S = list(E)` with S == sequence."""
    assign = _assignment(stmt)
    if assign is None or _name(assign.child_by_field_name("left")) != sequence:
        return None
    return _single_call(assign.child_by_field_name("right"), b"list")


def _index_loop(node: Node, noise: Noise) -> tuple[bytes, Node, list[Node]] | None:
    """(S, X, the rest of the body) of `for K in range(len(S)): X = S[K]; ...`."""
    if node.type != "for_statement" or node.child_by_field_name("alternative") is not None:
        return None
    index = _name(node.child_by_field_name("left"))
    sequence = _name(_single_call(_single_call(node.child_by_field_name("right"), b"range"), b"len"))
    body = node.child_by_field_name("body")
    stmts = _kept(body.children, noise) if body is not None else []
    first = _assignment(stmts[0]) if stmts else None
    if index is None or sequence is None or first is None:
        return None
    item = first.child_by_field_name("right")
    if (
        item is None
        or item.type != "subscript"
        or _name(item.child_by_field_name("value")) != sequence
        or _name(item.child_by_field_name("subscript")) != index
    ):
        return None
    return sequence, first.child_by_field_name("left"), stmts[1:]


def _counting_while(node: Node, noise: Noise) -> tuple[Node, Node, list[Node]] | None:
    """(I, E, the body without the increment) of `while I < E: ...; I += 1` after `I = 0`."""
    if node.type != "while_statement" or node.child_by_field_name("alternative") is not None:
        return None
    cond = node.child_by_field_name("condition")
    if cond is None or cond.type != "comparison_operator" or cond.named_child_count != 2:
        return None
    if [c.type for c in cond.children if not c.is_named] != ["<"]:
        return None
    counter, bound = cond.named_children
    body = node.child_by_field_name("body")
    stmts = _kept(body.children, noise) if body is not None else []
    if _name(counter) is None or not stmts or not _is_increment(stmts[-1], counter.text):
        return None
    if not _is_zero_start(_neighbour(node, noise, -1), counter.text):
        return None
    return counter, bound, stmts[:-1]


def _is_increment(stmt: Node, name: bytes) -> bool:
    inner = stmt.named_children[0] if stmt.type == "expression_statement" and stmt.named_child_count else None
    return (
        inner is not None
        and inner.type == "augmented_assignment"
        and _name(inner.child_by_field_name("left")) == name
        and (op := inner.child_by_field_name("operator")) is not None
        and op.type == "+="
        and (right := inner.child_by_field_name("right")) is not None
        and right.type == "integer"
        and right.text == b"1"
    )


def _is_zero_start(stmt: Node | None, name: bytes) -> bool:
    assign = _assignment(stmt)
    right = assign.child_by_field_name("right") if assign is not None else None
    return (
        assign is not None
        and _name(assign.child_by_field_name("left")) == name
        and right is not None
        and right.type == "integer"
        and right.text == b"0"
    )


def canonical_for(node: Node, noise: Noise) -> CanonicalFor | None:
    """The loop `node` folds into, or None when it is not one of the two shapes."""
    index_loop = _index_loop(node, noise)
    if index_loop is not None:
        sequence, item, rest = index_loop
        source = _list_of(_neighbour(node, noise, -1), sequence)
        iterable = source if source is not None else node.child_by_field_name("right")
        if source is None:  # no `S = list(E)` before it: the loop runs over S itself
            iterable = _single_call(_single_call(iterable, b"range"), b"len")
        return CanonicalFor(node, item, (iterable,), False, tuple(rest))
    counting = _counting_while(node, noise)
    if counting is not None:
        counter, bound, rest = counting
        return CanonicalFor(node, counter, (bound,), True, tuple(rest))
    return None


def folded_away(stmt: Node, noise: Noise) -> bool:
    """A statement that a following folded loop stands for: `S = list(E)` or `I = 0`."""
    nxt = _neighbour(stmt, noise, 1) if _assignment(stmt) is not None else None
    if nxt is None:
        return False
    index_loop = _index_loop(nxt, noise)
    if index_loop is not None:
        return _list_of(stmt, index_loop[0]) is not None
    return _counting_while(nxt, noise) is not None
