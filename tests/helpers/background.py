"""Commands a test session starts early and a fixture waits for later (tests/conftest.py starts them).

A step that mostly waits on the network or the disk (building the grader image: debootstrap and pip
downloads) then runs while the CPU-bound tests before its fixture run, instead of on the critical
path. The fixture gets each command's CompletedProcess, output included, and judges it exactly as
when it ran the command itself; the session's end stops whatever is still running.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class BackgroundCommands:
    """`argvs` run one after the other in a thread, each in a process group of its own; the sequence
    stops at the first command that exits non-zero (like `a && b`), or goes on when `keep_going`
    (independent commands, like `a; b`)."""

    argvs: list[list[str]]
    env: dict[str, str]
    cwd: Path
    timeout_s: float
    keep_going: bool = False
    results: list[subprocess.CompletedProcess[str]] = field(default_factory=list)
    # (start, end) of each command that ran, in seconds since the sequence started (time.monotonic)
    spans: list[tuple[float, float]] = field(default_factory=list)
    _proc: subprocess.Popen[str] | None = None
    _stopped: bool = False
    _thread: threading.Thread | None = None
    _changed: threading.Condition = field(default_factory=threading.Condition)

    def start(self) -> BackgroundCommands:
        self._thread = threading.Thread(target=self._run_all, name="background-commands", daemon=True)
        self._thread.start()
        return self

    def _run_all(self) -> None:
        begin = time.monotonic()
        try:
            for argv in self.argvs:
                started = time.monotonic() - begin
                done = self._run_one(argv)
                with self._changed:
                    self.results.append(done)
                    self.spans.append((started, time.monotonic() - begin))
                    self._changed.notify_all()
                if done.returncode != 0 and not self.keep_going:
                    break
        finally:
            with self._changed:
                self._proc = None
                self._changed.notify_all()

    def _run_one(self, argv: list[str]) -> subprocess.CompletedProcess[str]:
        with self._changed:
            if self._stopped:
                return subprocess.CompletedProcess(argv, -signal.SIGTERM, "", "stopped before it started")
            self._proc = subprocess.Popen(argv, cwd=self.cwd, env=self.env, text=True, start_new_session=True,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
            proc = self._proc
        try:
            out, err = proc.communicate(timeout=self.timeout_s)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            out, err = proc.communicate()
            err += f"\n(background: timed out after {self.timeout_s:.0f} s and was killed)"
        return subprocess.CompletedProcess(argv, proc.returncode, out, err)

    def wait_for(self, index: int) -> subprocess.CompletedProcess[str] | None:
        """The result of command `index`, once it ended; None when the sequence stopped before it."""
        with self._changed:
            while len(self.results) <= index and self._thread is not None and self._thread.is_alive():
                self._changed.wait(timeout=5)
            return self.results[index] if len(self.results) > index else None

    def stop(self) -> None:
        """Kill the running command's process group (the session ends before a fixture waited)."""
        with self._changed:
            self._stopped = True
            proc = self._proc
        if proc is not None and proc.poll() is None:
            _kill_group(proc)
        if self._thread is not None:
            self._thread.join(timeout=30)


def _kill_group(proc: subprocess.Popen[str]) -> None:
    for sig, grace in ((signal.SIGTERM, 20.0), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + grace
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if proc.poll() is not None:
            return
