"""Syntax trees shaped to make the tokeniser's walks costly (trusted side): nested deeper than any
answer a person writes (read flat), or repeating a part of themselves (not repeated).

tree-sitter finds a node's parent and siblings by walking down from the root, so each such step costs
the node's depth; the normalising walk (`tokens.py`, `normalise.py`, `slicing.py`) takes a few per
node. An answer of 30,000 nested `[` or `[1,` (well under the 100,000 characters compared) then
kept the trusted parent busy for minutes. Every answer of the corpora nests at most 21 deep (the
hostile ones too), so a tree deeper than MAX_TREE_DEPTH is read flat instead: its leaves in order,
names as `N` and literals as `L`, comments left out, nothing normalised. Both walks below move a
TreeCursor, whose steps cost O(1): linear in the tree's size. A copy of such an answer still reads
like it; it only loses what the normalisation would have undone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from autograder.similarity.spans import Token

MAX_TREE_DEPTH = 200
# `i++` and `x op= e` read as `i = i + L` and `x = x op e`: the target is walked twice. A target
# that holds another such expression (`----...x` in C++, `((a += 1) += 1) += 1`) doubled at each
# level, 2^n walks: 40 minus signs took 7 s, 80 never ended. So only a target of at most
# MAX_REPEATED_NODES nodes with none of these inside is repeated; another reads as written.
MAX_REPEATED_NODES = 64
_REPEATING = frozenset({"update_expression", "assignment_expression", "augmented_assignment"})


def preorder(root: Any) -> Iterator[tuple[Any, int]]:
    """Every node under `root` (itself first) in text order, with its depth below `root`, by a
    TreeCursor: O(1) a step, where asking a node for its parent or sibling scans from the root."""
    cursor, depth = root.walk(), 0
    while True:
        yield cursor.node, depth
        if cursor.goto_first_child():
            depth += 1
            continue
        while depth == 0 or not cursor.goto_next_sibling():
            if depth == 0 or not cursor.goto_parent():
                return
            depth -= 1


def deeper_than(root: Any, limit: int) -> bool:
    """Whether any node of the tree under `root` lies more than `limit` levels below it."""
    return any(depth > limit for _, depth in preorder(root))


def flat_tokens(
    root: Any, literals: frozenset[str], names: frozenset[str], comments: frozenset[str]
) -> Iterator[Token]:
    """The leaves under `root` in text order: a literal (whatever its inner nodes) as `L`, a name as
    `N`, other leaves as their kind; comments and tree-sitter's zero-width MISSING nodes left out."""
    cursor = root.walk()
    while True:
        node = cursor.node
        kind = node.type
        descend = False
        if kind in literals:
            yield Token("L", node.start_byte, node.end_byte)
        elif kind in comments:
            pass
        elif node.child_count:
            descend = True
        elif node.end_byte > node.start_byte:
            yield Token("N" if kind in names else kind, node.start_byte, node.end_byte)
        if descend and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return


def repeatable(node: Any) -> bool:
    """Whether `node` may be walked twice: at most MAX_REPEATED_NODES nodes, none that repeats a
    part of itself (`_REPEATING`). Stops at the limit: constant work whatever the subtree."""
    for seen, (inner, _) in enumerate(preorder(node)):
        if seen >= MAX_REPEATED_NODES or inner.type in _REPEATING:
            return False
    return True
