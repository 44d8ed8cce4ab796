"""IPython's token transforms (`!cmd`, `%magic`, `x = !cmd`, `obj?`) in time linear in the cell.

Used by the grading child's shell (child_main.make_shell) and by the parent's reading of a cell
(grade/cells.py); imports nothing of the project.

IPython's `TransformerManager.do_token_transforms` re-tokenises the whole cell after each transform,
to find the next one: a cell of n magic lines costs n tokenisations of the cell (2,000 `!true`
lines: about 1.5 s per cell; a notebook of 120 such cells kept a chapter's child busy for minutes).
Here the cell is tokenised once, lazily, one logical line at a time: where a logical line holds
special syntax, that line alone is transformed, and tokenising simply goes on with the next line.
That gives IPython's result whenever the transformed line leaves the tokenizer where the original
line did, which is checked each time: the transform spans exactly the physical lines the tokenizer
read for that logical line, and the new line tokenises alone to one complete logical line with no
special syntax left. Anything else (a tokenizer error, an `!echo (` whose bracket swallowed the next
lines, a transform raising SyntaxError) hands the cell, as transformed so far, to IPython's own loop,
which then finds exactly the transforms still to do. IPython's limit is kept: a cell needing
TRANSFORM_LOOP_LIMIT (500) transforms raises the same RuntimeError, as it does in the student's
Jupyter.
"""

from __future__ import annotations

import copy
import tokenize
from collections.abc import Iterator
from typing import Any

from IPython.core.inputtransformer2 import (
    TRANSFORM_LOOP_LIMIT,
    TransformerManager,
    find_end_of_continued_line,
    make_tokens_by_line,
)
from IPython.utils.tokenutil import generate_tokens_catch_errors

_OPEN, _CLOSE = frozenset("([{"), frozenset(")]}")
_TRAILING = frozenset({tokenize.DEDENT, tokenize.ENDMARKER, tokenize.NL})  # what a lone line ends with


class _Diverged(Exception):
    """The fast path cannot be sure to match IPython from here on."""


class _RaisesAtOnce(Exception):
    """The tokenizer raised an error IPython does not catch (TabError, IndentationError): IPython's
    first tokenisation of the untouched cell raises it before any transform."""


def _logical_lines(lines: list[str]) -> Iterator[list[tokenize.TokenInfo]]:
    """The tokens of `lines` grouped by logical line as `make_tokens_by_line` groups them, lazily;
    _Diverged where that function would stop early (a tokenizer error, input ending inside a
    bracket or a string)."""
    current: list[tokenize.TokenInfo] = []
    parenlev = 0
    try:
        tokens = generate_tokens_catch_errors(iter(lines).__next__, extra_errors_to_catch=["expected EOF"])
        for token in tokens:
            if token.type == tokenize.ERRORTOKEN:
                raise _Diverged
            current.append(token)
            if token.type == tokenize.NEWLINE or (token.type == tokenize.NL and parenlev <= 0):
                yield current
                current = []
            elif token.type == tokenize.OP and token.string in _OPEN:
                parenlev += 1
            elif token.type == tokenize.OP and token.string in _CLOSE and parenlev > 0:
                parenlev -= 1
    except tokenize.TokenError:  # make_tokens_by_line stops there too
        raise _Diverged from None
    except SyntaxError:
        raise _RaisesAtOnce from None
    if current:
        yield current


def _candidates(manager: TransformerManager, line: list[tokenize.TokenInfo]) -> list[Any]:
    found = (cls.find([line]) for cls in manager.token_transformers)
    return sorted((t for t in found if t), key=lambda t: t.sortby())


def _transform_in_place(
    manager: TransformerManager, lines: list[str], first: int, last: int, transformer: Any
) -> list[str]:
    """`transformer` (found on the logical line of rows first..last, 0-based) applied to that window
    only; _Diverged unless the result is what it gives on the whole cell (one line in place of all
    the lines the tokenizer read) and leaves the tokenizer where the original lines did."""
    if lines[last].endswith("\\\n") or find_end_of_continued_line(lines, transformer.start_line) > last:
        raise _Diverged  # its extent would reach past what the tokenizer read
    shifted = copy.copy(transformer)
    shifted.start_line -= first
    if hasattr(shifted, "q_line"):  # HelpEnd
        shifted.q_line -= first
    try:
        new = shifted.transform(lines[first : last + 1])
    except SyntaxError:
        raise _Diverged from None  # IPython then tries the candidates of later lines
    if len(new) != 1 or not new[0].endswith("\n"):
        raise _Diverged  # it left some of the lines the tokenizer read for this logical line as they were
    grouped = [g for g in make_tokens_by_line(new) if any(t.type not in _TRAILING for t in g)]
    if len(grouped) != 1 or grouped[0][-1].type != tokenize.NEWLINE or _candidates(manager, grouped[0]):
        raise _Diverged
    return new


def transform_tokens(manager: TransformerManager, lines: list[str]) -> list[str]:
    """What `manager.do_token_transforms(lines)` returns (or raises), in one pass over the cell."""
    out: list[str] = []
    emitted = 0  # lines[:emitted] are in `out`, transformed
    done = 0
    try:
        for line in _logical_lines(lines):
            found = _candidates(manager, line)
            if not found:
                continue
            first, last = line[0].start[0] - 1, line[-1].end[0] - 1
            if line[-1].type != tokenize.NEWLINE or last >= len(lines):
                raise _Diverged
            new = _transform_in_place(manager, lines, first, last, found[0])
            out.extend(lines[emitted:first])
            out.extend(new)
            emitted = last + 1
            done += 1
            if done >= TRANSFORM_LOOP_LIMIT:
                break
    except _RaisesAtOnce:
        return _ipython_loop(manager, lines, TRANSFORM_LOOP_LIMIT)
    except _Diverged:
        pass
    else:
        if done < TRANSFORM_LOOP_LIMIT:
            return out + lines[emitted:]
    return _ipython_loop(manager, out + lines[emitted:], TRANSFORM_LOOP_LIMIT - done)


def _ipython_loop(manager: TransformerManager, lines: list[str], left: int) -> list[str]:
    """IPython's own loop (`do_token_transforms`) for the transforms still to do, within its limit."""
    for _ in range(left):
        changed, lines = manager.do_one_token_transform(lines)
        if not changed:
            return lines
    raise RuntimeError(
        f"Input transformation still changing after {TRANSFORM_LOOP_LIMIT} iterations. Aborting."
    )  # IPython's own words


def use_linear_transforms(manager: TransformerManager) -> TransformerManager:
    """`manager` with its token transforms done by `transform_tokens` (its other passes unchanged)."""
    manager.do_token_transforms = lambda lines: transform_tokens(manager, lines)  # type: ignore[method-assign]
    return manager


def linear_manager() -> TransformerManager:
    """A fresh TransformerManager whose token transforms are linear in the cell."""
    return use_linear_transforms(TransformerManager())
