"""One notebook never holds the queue (issue 32, section 8): a notebook of thousands of `!` lines
kept its chapter's grading child starting one shell process per line for minutes (1,950 `!true`
lines: 230 s of child time where an ordinary notebook takes 10 s), and the service's worker with
it. The grading shell runs at most MAX_SHELL_COMMANDS shell commands per chapter; later ones fail
at once with a message the student sees as the cell's error.

The cells run in a child process of their own (`python -c`, the grading child's shell and cell
runner), never in the test process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from autograder.sandboxed.child_main import MAX_SHELL_COMMANDS

RUN_CELLS = """
import json, sys
from autograder.sandboxed.child_main import CappedText, run_answer_cells, start_shell
shell = start_shell(__import__("pathlib").Path("."), [], CappedText())
print(json.dumps(run_answer_cells(shell, tuple(json.loads(sys.stdin.read())), CappedText())))
"""


def run_cells(cells: list[str], workdir: Path) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-c", RUN_CELLS], input=json.dumps(cells), capture_output=True, text=True,
        cwd=workdir, timeout=600, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_shell_commands_past_the_chapter_budget_fail_at_once(tmp_path: Path) -> None:
    lines = MAX_SHELL_COMMANDS + 8
    cells = [
        "".join("!echo hit >> hits.txt\n" for _ in range(lines)),
        "out = !echo again\n",
        "%%bash\necho script >> hits.txt\n",
        "%pwd\ny = 2\nassert y == 2\n",  # a line magic that starts no process still runs
    ]
    errors = run_cells(cells, tmp_path)
    assert len((tmp_path / "hits.txt").read_text().splitlines()) == MAX_SHELL_COMMANDS
    assert [e["cell"] for e in errors] == [0, 1, 2], errors
    for e in errors:
        first = e["error"].split("\n", 1)[0]
        assert first.startswith("ShellCommandLimit: ") and "shell 命令" in first, first
        assert str(MAX_SHELL_COMMANDS) in first


def test_a_few_shell_commands_still_run(tmp_path: Path) -> None:
    errors = run_cells(["!echo one > a.txt\n", "x = !cat a.txt\nassert x == ['one']\n"], tmp_path)
    assert errors == [] and (tmp_path / "a.txt").read_text() == "one\n"
