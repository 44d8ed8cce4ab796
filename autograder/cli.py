"""jaxgrade: release, grade and bundle the advanced JAX course's exercises.

This module only parses arguments and dispatches to one package per subcommand.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# subcommand -> package exposing add_arguments(parser) and run(args) -> int
SUBCOMMANDS = {
    "release": ("autograder.release", "build assignments/<version>/ from solutions/ with otter assign"),
    "grade": ("autograder.grade", "grade a folder of submissions into a gradebook"),
    "bundle": ("autograder.bundle", "write the Gradescope autograder zip for a release"),
    "serve": ("autograder.service.cli", "run the grader service: students upload, TAs watch and export"),
    "submit": (
        "autograder.service.submit_client",
        "upload a submission to a grader service and wait for the score",
    ),
    "similarity": (
        "autograder.similarity",
        "report which students' answers look alike, per exercise (never runs student code)",
    ),
    "warm-cache": ("autograder.release.compile_cache", "fill a release's trusted XLA compile cache"),
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
