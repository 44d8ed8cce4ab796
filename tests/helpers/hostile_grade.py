"""The hostile corpus' grading (tests/test_hostile.py) as a command, for the session's early lane.

    python tests/helpers/hostile_grade.py --uids 65500,65501 --scratch DIR -- SUBS --out OUT ...

Everything after `--` is `jaxgrade grade`'s own command line. Two settings have no command-line
flag and come from this command's: the sandbox uids (private to the test, so "no process of the
uid survives" is about this batch) and the scratch root (so "nothing left behind" can be checked).
The last line printed is `hostile-batch: {"exit_code": N, "seconds": S}`; the test module takes
every other measurement (snapshots, markers, processes, the listener) itself, around this command.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

RESULT_PREFIX = "hostile-batch: "


def main(argv: list[str]) -> int:
    from autograder.commands import grade
    from autograder.grade import run as runner

    ours = argparse.ArgumentParser(prog="hostile_grade.py")
    ours.add_argument("--uids", required=True, help="comma-separated sandbox uids")
    ours.add_argument("--scratch", required=True, type=Path)
    ours.add_argument("grade_args", nargs=argparse.REMAINDER)
    ns = ours.parse_args(argv)
    grade_args = ns.grade_args[1:] if ns.grade_args[:1] == ["--"] else ns.grade_args

    parser = argparse.ArgumentParser(prog="jaxgrade grade")
    grade.add_arguments(parser)
    args = parser.parse_args(grade_args)
    uids = tuple(int(u) for u in ns.uids.split(","))
    settings = dataclasses.replace(grade.make_run_settings(grade.check_options(args), runner.RunSettings),
                                   uids=uids, scratch_root=ns.scratch)  # fmt: skip
    t0 = time.monotonic()
    code = grade.run(args, grade_fn=runner.grade_submission, settings=settings)
    print(RESULT_PREFIX + json.dumps({"exit_code": code, "seconds": time.monotonic() - t0}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
