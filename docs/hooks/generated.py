"""MkDocs hook: the parts of the reference pages that are read from the code at build time.

A page holds a marker line `<!-- generated: NAME -->`; on every build the marker is replaced by
what GENERATORS[NAME] returns, read from the code as it is now, so these pages cannot drift:
- `cli`: every subcommand of `autograder/cli.py`'s argparse parser (usage, arguments, defaults, help);
- `observation-keys`: the "Observation keys" docstrings of the child's probes
  (`autograder/sandboxed/probes/`);
- `result-format`: the wire formats documented in `autograder/grade/codec.py`'s docstring;
- `result-schema`: the JSON Schema the service worker validates a result file against
  (`autograder/grade/result_file.py`).
A marker naming no generator fails the build, and so does a generator that finds nothing.
"""

from __future__ import annotations

import argparse
import ast
import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import autograder

# The code the pages describe: the installed package's checkout (also when the docs are built from a copy).
REPO = Path(autograder.__file__).resolve().parents[1]
MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.MULTILINE)
USAGE_WIDTH = 100  # fixed, so the page does not depend on the terminal that runs the build


def _cell(text: str) -> str:
    """Plain text (help strings, docstrings) shown as is in one markdown table cell: `<version>` must
    not become an HTML tag nor `*` emphasis; code spans are kept (markdown escapes inside them)."""
    parts = " ".join(text.split()).split("`")
    for i in range(0, len(parts), 2):  # outside code spans
        parts[i] = re.sub(r"([\\*_\[\]])", r"\\\1", html.escape(parts[i], quote=False))
    return "`".join(parts).replace("|", "\\|")


def _subcommands(
    parser: argparse.ArgumentParser, prog: str
) -> Iterator[tuple[str, argparse.ArgumentParser, str]]:
    """(full command, parser, one-line help) of every subcommand, depth first, in the parser's order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                full = f"{prog} {name}"
                yield full, sub, helps.get(name, "")
                yield from _subcommands(sub, full)


def _arguments_table(parser: argparse.ArgumentParser) -> list[str]:
    formatter = parser._get_formatter()
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        if action.help == argparse.SUPPRESS:
            continue
        name = ", ".join(f"`{s}`" for s in action.option_strings) or f"`{action.metavar or action.dest}`"
        takes_value = action.nargs != 0
        value = ""
        if action.option_strings and takes_value:
            value = f"`{formatter._format_args(action, action.dest.upper())}`"
        default = ""
        if action.option_strings and takes_value and action.default not in (None, argparse.SUPPRESS):
            default = f"`{action.default}`"
        help_text = formatter._expand_help(action) if action.help else ""
        rows.append(f"| {name} | {value} | {default} | {_cell(help_text)} |")
    if not rows:
        return []
    return ["| argument | value | default | meaning |", "| --- | --- | --- | --- |", *rows, ""]


def cli_reference() -> str:
    from autograder.cli import build_parser

    parser = build_parser()
    out = []
    for full, sub, help_text in _subcommands(parser, "jaxgrade"):
        sub.formatter_class = lambda prog: argparse.HelpFormatter(prog, width=USAGE_WIDTH)
        level = "#" * (full.count(" ") + 1)
        out += [f"{level} {full}", ""]
        if help_text:
            out += [_cell(help_text[0].upper() + help_text[1:]) + ".", ""]
        out += ["```text", sub.format_usage().strip(), "```", ""]
        out += _arguments_table(sub)
    if not out:
        raise ValueError("the jaxgrade parser has no subcommands")
    return "\n".join(out)


def _docstring(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    if not doc:
        raise ValueError(f"{path} has no docstring")
    return doc


def observation_keys() -> str:
    out = []
    for path in sorted((REPO / "autograder/sandboxed/probes").glob("*.py")):
        doc = _docstring(path) if path.name != "__init__.py" else ""
        start = doc.find("Observation keys")
        if start < 0:
            continue
        summary = doc.split("\n\n", 1)[0]
        out += [f"## `{path.stem}`", "", _cell(summary), "", "```text", doc[start:].strip(), "```", ""]
    if not out:
        raise ValueError("no probe documents its observation keys")
    return "\n".join(out)


def result_format() -> str:
    doc = _docstring(REPO / "autograder/grade/codec.py")
    start = doc.find("Submission wire format")
    if start < 0:
        raise ValueError("autograder/grade/codec.py no longer documents its wire formats")
    return "\n".join(["```text", doc[start:].strip(), "```"])


def result_schema() -> str:
    from autograder.grade import result_file

    return "\n".join(["```json", result_file.schema_json(), "```"])


GENERATORS: dict[str, Callable[[], str]] = {
    "cli": cli_reference,
    "observation-keys": observation_keys,
    "result-format": result_format,
    "result-schema": result_schema,
}


def expand(markdown: str) -> str:
    """The page with every marker replaced by its generated text."""

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in GENERATORS:
            raise ValueError(f"unknown generated section {name!r}; known: {sorted(GENERATORS)}")
        return GENERATORS[name]()

    return MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, **kwargs: object) -> str:
    return expand(markdown)
