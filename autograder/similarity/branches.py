"""One form for a Python branch whatever way round it is written (trusted side, tree-sitter nodes of
hostile text; nothing is run).

A copier inverts a condition and swaps the branches (`if a != b: B else: A` for `if a == b: A else:
B`), writes the `else` as an early return (`if c: return A` then `return B`), or turns a conditional
expression round (`B if not c else A`). All of these read as `if C : A else : B` with C the condition
without its negation:
  * `not X` is negated X; `a != b`, `a is not b`, `a not in b` are negated `==`, `is`, `in`;
  * `if C: ...` whose block ends in `return`/`raise` and is followed by more statements of the same
    block reads as `if C: ... else: <the rest>`.
Comparisons such as `a >= b` are not negations here: `a > b` already reads as `b < a` (tokens.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from autograder.similarity.spans import Token

Node = Any  # a tree_sitter.Node

NEGATED = {"!=": "==", "is not": "is", "not in": "in"}
_TERMINAL = frozenset({"return_statement", "raise_statement"})
_QUIET = frozenset({"comment"})


@dataclass(frozen=True)
class Condition:
    negated: bool
    # what reads as the condition without its negation: one node, or `[left, op, right]` of a
    # comparison whose operator token replaces the negated one (tokens.py orders its operands)
    parts: tuple[Any, ...]
    comparison: bool = False


def condition(node: Node) -> Condition:
    """`node` read as a possibly negated condition."""
    inner = node
    while inner.type == "parenthesized_expression" and inner.named_child_count == 1:
        inner = inner.named_children[0]
    if inner.type == "not_operator":
        arg = inner.child_by_field_name("argument")
        if arg is not None:
            return Condition(True, (arg,))
    if inner.type == "comparison_operator" and inner.child_count == 3:
        left, op, right = inner.children
        if op.type in NEGATED:
            return Condition(True, (left, Token(NEGATED[op.type], op.start_byte, op.end_byte), right), True)
    return Condition(False, (node,))


def _at(node: Node, text: str) -> Token:
    return Token(text, node.start_byte, node.start_byte + 1)


def conditional_expression(node: Node) -> tuple[Condition, Node, Node] | None:
    """`A if C else B` as (C, A, B) with C's negation undone (A and B swapped)."""
    if node.named_child_count != 3:
        return None
    a, cond, b = node.named_children
    c = condition(cond)
    return (c, b, a) if c.negated else (c, a, b)


def if_else(node: Node) -> tuple[Condition, list[Any], list[Any]] | None:
    """`if C: A else: B` (no `elif`) as (C, A's statements, B's statements), negation undone."""
    cond, then = node.child_by_field_name("condition"), node.child_by_field_name("consequence")
    alternatives = [c for c in node.children if c.type in ("else_clause", "elif_clause")]
    if cond is None or then is None or len(alternatives) != 1 or alternatives[0].type != "else_clause":
        return None
    body = alternatives[0].child_by_field_name("body")
    if body is None:
        return None
    c = condition(cond)
    return (c, [body], [then]) if c.negated else (c, [then], [body])


def _ends_in_exit(block: Node) -> bool:
    statements = [c for c in block.named_children if c.type not in _QUIET]
    return bool(statements) and statements[-1].type in _TERMINAL


def early_return(children: list[Any]) -> tuple[list[Any], Node, list[Any]] | None:
    """A block's statements `before, if C: ...return, rest` (rest not empty, the `if` without
    `else`) as (before, the if statement, rest): the rest is the `else` of that `if`."""
    for i, child in enumerate(children):
        if isinstance(child, Token) or child.type != "if_statement":
            continue
        then = child.child_by_field_name("consequence")
        if child.child_by_field_name("alternative") is not None or then is None or not _ends_in_exit(then):
            continue
        rest = [c for c in children[i + 1 :] if isinstance(c, Token) or c.type not in _QUIET]
        if rest:
            return children[:i], child, rest
    return None


def as_if_else(node: Node, c: Condition, first: list[Any], second: list[Any]) -> list[Any]:
    """What the tokeniser walks for `if C: first else: second` (C's parts in place of the condition)."""
    return [_at(node, "if"), *c.parts, _at(node, ":"), *first, _at(node, "else"), _at(node, ":"), *second]
