"""A named pipe that a held step of a served process waits on (helpers/hold_intake/sitecustomize.py),
and the two-assignment term the hardening tests serve (tests of issue 32, section 3)."""

from __future__ import annotations

import errno
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from helpers.paths import RELEASE, REPO

HOLD_SITE = REPO / "tests" / "helpers" / "hold_intake"
WAIT_S = 60  # a bound on a hung server, not a timing assertion


def write_course(path: Path) -> Path:
    """hw2 (chapter 2) and hw5 (chapter 5) of the committed release, due in a week."""
    due = (datetime.now(UTC) + timedelta(days=7)).isoformat(timespec="seconds")
    path.write_text(
        "".join(
            f'[[assignment]]\nid = "{aid}"\ntitle = "{aid}"\nrelease = "{RELEASE}"\n'
            f'chapters = ["{ch}"]\ndue_at = {due}\n\n'
            for aid, ch in (("hw2", "ch02"), ("hw5", "ch05"))
        ),
        encoding="utf-8",
    )
    return path


def make_fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A named pipe every held step of a process started from now on waits for."""
    path = tmp_path / "intake-hold"
    os.mkfifo(path)
    monkeypatch.setenv("PYTHONPATH", str(HOLD_SITE))
    monkeypatch.setenv("JAXGRADE_TEST_HOLD_GIL_IN_INTAKE", str(path))
    monkeypatch.setenv("JAXGRADE_TEST_HOLD_NAMES_SHOWN", str(path))
    return path


def release_reader(fifo: Path) -> None:
    """Let the held step go on: open the pipe for writing once its reader is there."""
    deadline = time.monotonic() + WAIT_S
    while True:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            return
        except OSError as exc:  # ENXIO: the reader is not in its open() yet
            if exc.errno != errno.ENXIO or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def entered(fifo: Path) -> Path:
    return Path(f"{fifo}.entered")


def reader_started(fifo: Path) -> bool:
    """The held step has written its process id (it opens the pipe next)."""
    return entered(fifo).exists() and entered(fifo).read_text().isdigit()
