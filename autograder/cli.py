"""jaxgrade: release, grade and bundle the advanced JAX course's exercises.

This module only parses arguments and dispatches to one module per subcommand (autograder/commands/).
"""

from __future__ import annotations

import argparse
import importlib
import sys

# subcommand -> module exposing add_arguments(parser) and run(args) -> int
SUBCOMMANDS = {
    "release": (
        "autograder.commands.release",
        "build assignments/<version>/ from solutions/ with otter assign",
    ),
    "grade": ("autograder.commands.grade", "grade a folder of submissions into a gradebook"),
    "manual": (
        "autograder.commands.manual",
        "merge the TAs' scores of written quiz answers (manual.csv) into a graded batch",
    ),
    "bundle": ("autograder.commands.bundle", "write the Gradescope autograder zip for a release"),
    "serve": ("autograder.commands.serve", "run the grader service: students upload, TAs watch and export"),
    "submit": (
        "autograder.commands.submit",
        "upload a submission to a grader service and wait for the score",
    ),
    "lti": (
        "autograder.service.app.lti_cli",
        "register an LMS platform (LTI 1.3) and manage the tool's keys",
    ),
    "similarity": (
        "autograder.commands.similarity",
        "report which students' answers look alike, per exercise (never runs student code)",
    ),
    "warm-cache": ("autograder.commands.warm_cache", "fill a release's trusted XLA compile cache"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Parser for all subcommands, or just `only` (so one subcommand never pays for the others' imports)."""
    parser = argparse.ArgumentParser(prog="jaxgrade", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="{" + ",".join(SUBCOMMANDS) + "}")
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            importlib.import_module(module).add_arguments(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    chosen = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    args = build_parser(chosen).parse_args(argv)
    module = importlib.import_module(SUBCOMMANDS[args.command][0])
    return int(module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
