"""Literal arithmetic read as one literal (trusted side, on the tokeniser's operands; round 11).

Every literal already reads `L`, so a copier who writes `1.0` as `0.5 + 0.5`, `2` as `1 + 1`, `0.0`
as `1.0 - 1.0` or `0.0 * x`, or `jnp.ones_like(s)` as `jnp.ones_like(s) * 0.5 * 2` only adds
operators and `L`s around the text they copied; read as one `L`, the copy tokenises as its original.
Nothing is evaluated: an operation whose operands all read as one literal is a literal, and a
product with a float zero among its operands is one (`0.0 * r` is the zero `r` is shaped like).
The literal operands of a longer sum or product are merged likewise (`x * 0.5 * 2` is `x * L`: re-associated
constants). Each check looks at the operands' finished token streams once: linear in them.
"""

from __future__ import annotations

import re
from typing import Any

from autograder.similarity.spans import Token

# Operators whose operation on literals is a literal (comparisons are not folded: `x == 0.0 * 2`
# keeps its comparison, only its right side reads `L`).
ARITHMETIC = frozenset({"+", "-", "*", "/", "//", "%", "**", "@"})
_ZERO = re.compile(rb"0*(?:\.0*)?(?:[eE][+-]?[0-9]+)?[fFlLjJ]?")
# Only a float zero makes a product a literal: `x * 0` with an integer is how honest code keeps a
# value's dependence or shape (`... + g * 0`); the copies of the spent classes wrote `0.0 * r`. Read
# with integers too it cost one more flagged pair in the leave-one-class-out measure (round 11).
_FLOATS = frozenset({"float"})


def is_literal(stream: list[Token]) -> bool:
    """A finished operand that reads as one literal: `L`, `-L`, or `L ** L` (`_squared`'s `2 * 2`)."""
    return [t.text for t in stream] in (["L"], ["-", "L"], ["L", "**", "L"])


def is_zero(operand: Any) -> bool:
    """A float literal node whose value is zero (`0.0`, `0.`, `.0`, `0e3`, `0.0f`)."""
    if isinstance(operand, Token) or getattr(operand, "type", None) not in _FLOATS:
        return False
    text = operand.text.replace(b"_", b"")
    return b"0" in text and _ZERO.fullmatch(text) is not None


def folded(op: Token, operands: list[Any], streams: list[list[Token]]) -> list[list[Token]]:
    """The operand streams of the chain of `op` over `operands` (tokenised as `streams`) with its
    literal arithmetic read as one `L`: the literal operands of a sum or product merged into one
    (`x * 0.5 * 2` is `x * L`, `0.5 + 0.5` is `L`), a product with a literal zero one `L`."""
    if op.text not in ARITHMETIC or len(streams) < 2:
        return streams
    one = [Token("L", op.start, op.end)]
    if op.text == "*" and any(is_zero(o) for o in operands):
        return [one]
    rest = [s for s in streams if not is_literal(s)]
    return streams if len(streams) - len(rest) < 2 else [one, *rest]
