"""One `jaxgrade serve` per SQLite data folder (issue 32, section 7), with two real processes: the
second is refused with a message naming the first one's pid; once the first is gone (stopped, or
killed with SIGKILL so it could clean nothing up), a new one starts on the same folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from autograder.service.storage.instance_lock import LOCK_NAME

from helpers.served import Served, call, serve, write_roster


def second_refused(data: Path, roster: Path, holder: Served) -> str:
    """Start a second server on `data`; it must exit, saying who holds the folder. Its log."""
    try:
        second = serve(data, "--roster", str(roster), "--workers", "0")
    except AssertionError as exc:
        assert "exited with 3" in str(exc), exc
        return str(exc)
    second.stop()
    pytest.fail(f"a second jaxgrade serve started on {data} next to pid {holder.proc.pid}")


def test_a_second_server_on_the_same_sqlite_folder_is_refused(tmp_path: Path) -> None:
    roster = write_roster(tmp_path / "roster.csv", ("q01",))
    data = tmp_path / "data"
    first = serve(data, "--roster", str(roster), "--workers", "0")
    try:
        log = second_refused(data, roster, first)
        assert f"another jaxgrade serve (pid {first.proc.pid}) is serving {data}" in log, log
        assert call(first, "GET", "/api/status", token=first.ta)[0] == 200  # the holder serves on
    finally:
        first.kill9()  # no clean-up at all: the kernel drops the lock with the process
    assert (data / LOCK_NAME).is_file()
    third = serve(data, "--roster", str(roster), "--workers", "0")
    try:
        assert (data / LOCK_NAME).read_text().strip() == str(third.proc.pid)
        log = second_refused(data, roster, third)
        assert f"(pid {third.proc.pid})" in log, log
    finally:
        third.stop()
