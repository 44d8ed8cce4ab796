"""One module per `jaxgrade` subcommand, each exposing `add_arguments(parser)` and `run(args) -> int`.

The top layer: a command parses and checks its arguments and calls the engine (grade/, release/,
bundle/, service/, ...); nothing below imports a command. A command module imports its heavy parts
inside `run`, so one subcommand never pays for the others' imports.
"""
