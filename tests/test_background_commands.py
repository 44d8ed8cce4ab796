"""tests/helpers/background.py: what a session starts early (the grader image's build) reaches the
fixture that waits for it with its output and exit status, stops at its first failure, and is
killed, children included, when the session ends first."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from helpers.background import BackgroundCommands


def commands(*argvs: list[str], tmp: Path, timeout_s: float = 60) -> BackgroundCommands:
    return BackgroundCommands([*argvs], dict(os.environ), tmp, timeout_s).start()


def test_each_result_carries_its_output_and_a_failure_stops_the_sequence(tmp_path: Path) -> None:
    py = sys.executable
    run = commands([py, "-c", "print('first out')"],
                   [py, "-c", "import sys; print('second out'); sys.exit('second failed')"],
                   [py, "-c", "open('third-ran', 'w')"], tmp=tmp_path)  # fmt: skip
    first, second = run.wait_for(0), run.wait_for(1)
    assert first is not None and (first.returncode, first.stdout) == (0, "first out\n")
    assert second is not None and second.returncode == 1
    assert second.stdout == "second out\n" and "second failed" in second.stderr
    assert run.wait_for(2) is None  # like `a && b && c`
    assert not (tmp_path / "third-ran").exists()


def test_stop_kills_the_running_command_and_its_children(tmp_path: Path) -> None:
    script = "sleep 300 & echo $! > child.pid; wait"
    run = commands(["bash", "-c", script], ["bash", "-c", "touch never"], tmp=tmp_path)
    for _ in range(200):
        if (tmp_path / "child.pid").is_file() and (tmp_path / "child.pid").read_text().strip():
            break
        time.sleep(0.05)
    child = int((tmp_path / "child.pid").read_text())
    run.stop()
    for _ in range(100):  # reaped by init once killed; gone from /proc
        if not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]:
            break
        time.sleep(0.05)
    stat = Path(f"/proc/{child}/stat")
    assert not stat.exists() or stat.read_text().split()[2] == "Z", "the command's child survived stop()"
    assert run.wait_for(1) is None and not (tmp_path / "never").exists()
    stopped = run.wait_for(0)
    assert stopped is not None and stopped.returncode != 0


def test_a_command_past_its_timeout_is_killed_and_says_so(tmp_path: Path) -> None:
    run = commands(["sleep", "300"], tmp=tmp_path, timeout_s=0.5)
    done = run.wait_for(0)
    assert done is not None and done.returncode != 0
    assert "timed out after" in done.stderr
