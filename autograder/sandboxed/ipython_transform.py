"""IPython's token transforms (`!cmd`, `%magic`, `x = !cmd`, `obj?`) without re-tokenising the cell.

Used by the grading child's shell (child_main.make_shell) and by the parent's reading of a cell
(grade/cells.py); imports nothing of the project.

IPython's `TransformerManager.do_token_transforms` re-tokenises the whole cell after each transform,
to find the next one: a cell of n magic lines costs n tokenisations of the cell (2,000 `!true`
lines: about 1.5 s per cell; a notebook of 120 such cells kept a chapter's child busy for minutes).
Here the cell is tokenised lazily, one logical line at a time; where a logical line holds special
syntax, that line alone is transformed and tokenising starts again just after it (`_Segment`), from
the state IPython's tokenisation of the transformed cell has there: no open bracket or string, the
same indentation levels. That holds when the new line is one complete logical line with no special
syntax left, which is checked each time; anything else (a transform raising SyntaxError, one that
keeps some of the rows it was found on) hands the cell, as transformed so far, to IPython's own loop,
which then finds exactly the transforms still to do. IPython's limit is kept: a cell needing
TRANSFORM_LOOP_LIMIT (500) transforms raises the same RuntimeError, as in the student's Jupyter.

Cost: each row is tokenised once, except behind a line that opens a bracket or a string it does not
close (`!echo (`): tokenising that logical line reads to the bracket's end, as IPython does each time.
A cell of such lines costs what IPython's loop costs, less (2,000 `!echo (` lines: 3.5 s here against
8.5 s). One difference, in cells that cannot run either way: where IPython's tokenisation of the
untouched cell raises IndentationError or TabError only behind a line whose transform ends a string
or a bracket early, IPython raises that error and this returns text Python cannot compile (so the
cell raises SyntaxError before running anything); and an IndentationError both raise may name a
line one off (a shell line continued by a backslash counts as one line here).
tests/test_hardening_grader_faults.py checks all of it against IPython with Hypothesis.
"""

from __future__ import annotations

import copy
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
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


@dataclass
class _Segment:
    """Tokenising `lines` from row `pos` (0-based) on, in the state a clean line start leaves: no open
    bracket or string, the indentation levels `indents` (as IPython's tokenisation of the cell
    transformed so far has them there). A fresh tokenizer is given one synthetic line per level
    first (`if 1:` at each), whose tokens are dropped; rows are mapped back to `lines`."""

    lines: list[str]
    pos: int
    indents: list[str]  # the indentation strings of the open levels, outermost first, "" excluded

    def logical_lines(self) -> Iterator[list[tokenize.TokenInfo]]:
        """The tokens grouped by logical line as `make_tokens_by_line` groups them, lazily; the
        indentation levels are tracked in `indents` as the tokens go by. SyntaxError where the
        tokenizer raises one IPython does not catch (TabError, IndentationError)."""
        levels = ["", *self.indents]
        synthetic = [f"{level}if 1:\n" for level in levels[:-1]] + (
            [f"{levels[-1]}pass\n"] if self.indents else []
        )
        offset = len(synthetic) - self.pos  # token row r is lines[r - 1 - offset]
        source = iter([*synthetic, *self.lines[self.pos :]]).__next__
        current: list[tokenize.TokenInfo] = []
        parenlev = 0
        try:
            for token in generate_tokens_catch_errors(source, extra_errors_to_catch=["expected EOF"]):
                if token.start[0] <= len(synthetic) and token.type != tokenize.ERRORTOKEN:
                    continue
                if token.type == tokenize.INDENT:
                    self.indents.append(token.string)
                elif token.type == tokenize.DEDENT and self.indents:
                    self.indents.pop()
                token = token._replace(
                    start=(token.start[0] - offset, token.start[1]), end=(token.end[0] - offset, token.end[1])
                )
                current.append(token)
                if token.type == tokenize.ERRORTOKEN:
                    break
                if token.type == tokenize.NEWLINE or (token.type == tokenize.NL and parenlev <= 0):
                    yield current
                    current = []
                elif token.type == tokenize.OP and token.string in _OPEN:
                    parenlev += 1
                elif token.type == tokenize.OP and token.string in _CLOSE and parenlev > 0:
                    parenlev -= 1
        except tokenize.TokenError:  # make_tokens_by_line stops there too, keeping what it has
            pass
        if current:  # ended by a tokenizer error, or inside a bracket or a string: IPython keeps it too
            yield current


def _candidates(manager: TransformerManager, line: list[tokenize.TokenInfo]) -> list[Any]:
    found = (cls.find([line]) for cls in manager.token_transformers)
    return sorted((t for t in found if t), key=lambda t: t.sortby())


def _transformed(
    manager: TransformerManager, lines: list[str], first: int, transformer: Any
) -> tuple[str, int]:
    """`transformer` (found on a logical line starting at row `first`, 0-based) applied to the rows it
    rewrites (`first` to the end of its backslash-continued line): the one new line and the last row
    it replaces. _Diverged unless that is what it gives on the whole cell and the new line ends clean
    (one complete logical line with no special syntax left), so tokenising may go on after it."""
    last = find_end_of_continued_line(lines, transformer.start_line)
    last = max(last, getattr(transformer, "q_line", last))  # HelpEnd reaches its `?`
    if transformer.start_line < first or last >= len(lines):
        raise _Diverged
    shifted = copy.copy(transformer)
    shifted.start_line -= first
    if hasattr(shifted, "q_line"):
        shifted.q_line -= first
    try:
        new = shifted.transform(lines[first : last + 1])
    except SyntaxError:
        raise _Diverged from None  # IPython then tries the candidates of later lines
    if len(new) != 1 or not new[0].endswith("\n"):
        raise _Diverged  # some of the rows are left as they were: the tokens there may change
    grouped = [g for g in make_tokens_by_line(new) if any(t.type not in _TRAILING for t in g)]
    if len(grouped) != 1 or grouped[0][-1].type != tokenize.NEWLINE or _candidates(manager, grouped[0]):
        raise _Diverged
    return new[0], last


def transform_tokens(manager: TransformerManager, lines: list[str]) -> list[str]:
    """What `manager.do_token_transforms(lines)` returns (or raises), in one pass over the cell: each
    row is tokenised once, and after each transform tokenising starts again just after it."""
    out: list[str] = []  # lines[:segment.pos] transformed
    segment = _Segment(lines, 0, [])
    done = 0
    try:
        while done < TRANSFORM_LOOP_LIMIT:
            restart = None
            for line in segment.logical_lines():
                found = _candidates(manager, line)
                if found:
                    first = line[0].start[0] - 1
                    new, last = _transformed(manager, lines, first, found[0])
                    out.extend(lines[segment.pos : first])
                    out.append(new)
                    restart = _Segment(lines, last + 1, list(segment.indents))
                    break
            if restart is None:
                return out + lines[segment.pos :]
            segment = restart
            done += 1
    except SyntaxError:
        # IPython tokenises the whole cell before its first transform: an error anywhere in the
        # untouched cell is raised from there, before anything else (an error an earlier transform
        # uncovered, e.g. behind `!echo (`, is raised by its loop from the cell as transformed so far)
        try:
            make_tokens_by_line(lines)
        except SyntaxError:
            return _ipython_loop(manager, lines, TRANSFORM_LOOP_LIMIT)
    except _Diverged:
        pass  # IPython's own loop, from the cell as transformed so far
    return _ipython_loop(manager, out + lines[segment.pos :], TRANSFORM_LOOP_LIMIT - done)


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
