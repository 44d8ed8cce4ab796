"""No function over 80 lines without a stated reason (#19), in autograder/, jaxcourse/ and scripts/.

A function's length runs from its `def` line to its last line (decorators not counted; a nested
function counts for itself and inside its parent). A longer one states why where it starts: a
comment `# over 80 lines: <reason>` on a line of its signature, or on a line between the signature
and its first statement after the docstring.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from helpers.paths import REPO

MAX_LINES = 80
CHECKED = ("autograder", "jaxcourse", "scripts")
REASON = re.compile(r"#\s*over 80 lines:\s*(?P<reason>\S.{9,})")  # ten characters at least


def _header_lines(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> range:
    """The line numbers where a reason may stand: the signature, the docstring and what follows it
    up to the first statement."""
    body = fn.body
    first = body[0]
    is_docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
        first.value.value, str
    )
    if is_docstring and len(body) > 1:
        first = body[1]
    return range(fn.lineno, max(fn.lineno, first.lineno - 1) + 1)


def long_functions(source: str) -> list[tuple[int, str, int, str | None]]:
    """(line, name, length, stated reason or None) of every function over MAX_LINES lines."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        if length <= MAX_LINES:
            continue
        reasons = (REASON.search(lines[i - 1]) for i in _header_lines(node))
        reason = next((m.group("reason").strip() for m in reasons if m), None)
        found.append((node.lineno, node.name, length, reason))
    return sorted(found)


def checked_files() -> list[Path]:
    return sorted(p for top in CHECKED for p in (REPO / top).rglob("*.py") if ".venv" not in p.parts)


def test_no_function_over_80_lines_without_a_stated_reason() -> None:
    unexplained = [
        f"{path.relative_to(REPO)}:{line} {name} ({length} lines)"
        for path in checked_files()
        for line, name, length, reason in long_functions(path.read_text(encoding="utf-8"))
        if reason is None
    ]
    assert not unexplained, (
        f"functions over {MAX_LINES} lines: shorten them, or state why with `# over 80 lines: <reason>` "
        "on the def line:\n" + "\n".join(unexplained)
    )


def _function(name: str, body_lines: int, header: str = "", after_docstring: str = "") -> str:
    body = "".join(f"    x{i} = {i}\n" for i in range(body_lines))
    return f'def {name}():  {header}\n    """Doc."""\n{after_docstring}{body}'


def test_the_rule_counts_lines_and_reads_reasons() -> None:
    source = "\n".join(
        [
            _function("short", 78),  # 80 lines with the def and the docstring
            _function("long", 79),
            _function("explained", 90, header="# over 80 lines: one flat table of options"),
            _function("inside", 90, after_docstring="    # over 80 lines: a state machine's loop\n"),
            _function("too_terse", 90, header="# over 80 lines: long"),
        ]
    )
    assert [(name, length, reason) for _, name, length, reason in long_functions(source)] == [
        ("long", 81, None),
        ("explained", 92, "one flat table of options"),
        ("inside", 93, "a state machine's loop"),
        ("too_terse", 92, None),
    ]
    assert len(checked_files()) > 100 and REPO / "autograder" / "cli.py" in checked_files()
