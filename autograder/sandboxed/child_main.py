"""Sandboxed child: run one chapter's cells in an IPython shell and probe each exercise.

Run as `python -P -s -m autograder.sandboxed.child_main <jobdir>` with PYTHONPATH pointing at a
read-only copy holding only autograder/__init__.py, autograder/sandboxed/, jaxcourse/ and kernels/.

<jobdir>/job.json (written by the parent, read once before any student code runs):
  {"chapter": "ch02"|"ch05",
   "setup_cells": [src],                                # the release's setup cells
   "exercises": [{"id", "cells": [src], "relies_on": [dotted name]}],
   "inputs_dir": "inputs", "obs_dir": "obs", "progress": "progress.jsonl", "workdir": "work",
   "token": str, "ack": bool, "reap": bool}             # all optional
All paths are relative to <jobdir>. The shell runs with <jobdir>/<workdir> as its working folder.
job.json is deleted once read. `token` is copied into every progress line and into every exercise's
observations (key `__token__`): the parent ignores progress lines and observation files without it,
so a cell that merely writes such files forges nothing (a tripwire: the token is in this process).

<jobdir>/<progress>: one JSON object per line, appended and flushed as the child goes:
  {"exercise": null, "phase": "setup", "t": s}          setup cells start
  {"exercise": null, "phase": "setup_error", "error": str, "t": s}   then exit code 3 (grader fault)
  {"exercise": null, "phase": "ready", "t": s}          setup done, student code starts
  {"exercise": id, "phase": "cells"|"probe"|"done", "t": s}
With "ack": true, after each "done" the child waits (at most ACK_WAIT_S) until the parent creates
<jobdir>/ack-<id>, i.e. has copied the exercise's observations out of the sandbox. With "reap": true
it then kills every other process of its uid (see reap_strays) before the next exercise's cells.
`t` is seconds since the child started. Exit code 0 after the last "done". Right after "ready" the
child also writes "jaxgrade-ready <token>" to its stdout (fd 1): proof that setup finished even if a
notebook later deletes or truncates the progress file.

Observations written per exercise besides the probe's own keys (observe.py wire format):
  __cells__     list of {"cell": i, "error": "Type: message", "output": str}: answer cells that
                raised (i indexes the exercise's "cells"; output = last 500 chars of what it printed)
  __tampered__  sorted list of dotted names whose objects changed (empty list when none)
  __probe__     error entry when the probe itself was interrupted (e.g. SystemExit from student code)
"""

from __future__ import annotations

import importlib
import io
import json
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from .inputs import load_inputs
from .observe import Recorder
from .tamper import Snapshot

MAX_CAPTURE_CHARS = 64 * 1024
EXCERPT_CHARS = 500
ERROR_CHARS = 500
ACK_WAIT_S = 60.0
_PKG = __package__ or "autograder.sandboxed"
# Always checked: what writes the observations themselves.
BASE_RELIES_ON: tuple[str, ...] = (
    f"{_PKG}.observe.Recorder.put", f"{_PKG}.observe.Recorder.put_error", f"{_PKG}.observe.Recorder.observe",
    f"{_PKG}.observe.Recorder.flush", f"{_PKG}.observe._plain", "json.dumps", "numpy.save", "numpy.asarray",
    "os.replace",
)
_T0 = time.monotonic()


class CappedText(io.TextIOBase):
    """A text sink that keeps at most `limit` characters (the tail is what matters for errors)."""

    def __init__(self, limit: int = MAX_CAPTURE_CHARS):
        self.limit = limit
        self.buf: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if not isinstance(s, str):
            s = str(s)
        self.buf.append(s)
        self.size += len(s)
        if self.size > 2 * self.limit:
            joined = "".join(self.buf)[-self.limit:]
            self.buf, self.size = [joined], len(joined)
        return len(s)

    def tail(self, n: int) -> str:
        return "".join(self.buf)[-n:]

    def reset(self) -> None:
        self.buf, self.size = [], 0


@dataclass(frozen=True)
class ExerciseJob:
    id: str
    cells: tuple[str, ...]
    relies_on: tuple[str, ...]


class Progress:
    """Appends progress lines with O_APPEND writes (one write per line)."""

    def __init__(self, path: Path, token: str = ""):
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self.token = token

    def emit(self, exercise: str | None, phase: str, **extra: Any) -> None:
        line = {"exercise": exercise, "phase": phase, "t": round(time.monotonic() - _T0, 4), **extra}
        if self.token:
            line["token"] = self.token
        os.write(self.fd, (json.dumps(line) + "\n").encode())


def _sub(jobdir: Path, name: Any) -> Path:
    if not isinstance(name, str) or not name or name.startswith("/") or ".." in name.split("/"):
        raise ValueError(f"bad job path {name!r}")
    return jobdir / name


def _error_text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:  # a student exception's __str__ may raise too
        text = "<unprintable>"
    return f"{type(exc).__name__}: {text}"[:ERROR_CHARS]


def wait_for_ack(path: Path, limit_s: float) -> None:
    """Hold the next exercise's cells until the parent has copied this exercise's observations away
    (it creates `path`), so no later student code can touch them."""
    end = time.monotonic() + limit_s
    while not os.path.lexists(path) and time.monotonic() < end:
        time.sleep(0.002)


def reap_strays(limit_s: float = 2.0) -> None:
    """Kill every other process this uid can signal and reap the zombies, between two exercises.

    What one exercise's cells left running (`!sleep 300 &`, a daemon, a fork bomb holding the
    process limit) must not cost the next exercise. Only when job.json says "reap": the parent sets
    it for modes where the uid belongs to this job alone (bwrap, rlimit, container); kill(-1) never
    signals the caller itself on Linux, nor init, nor the launcher (root).
    """
    try:
        os.kill(-1, signal.SIGKILL)
    except OSError:
        pass
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # no children left
        if pid == 0:
            time.sleep(0.001)


def make_shell() -> Any:
    """An IPython shell without history, colours or profile startup files."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    cfg = Config()
    cfg.HistoryManager.enabled = False
    cfg.InteractiveShell.colors = "nocolor"
    cfg.InteractiveShell.xmode = "Plain"
    shell = InteractiveShell(config=cfg)
    while "" in sys.path:  # never import from the student's working folder
        sys.path.remove("")
    return shell


def run_cell(shell: Any, src: str, sink: CappedText) -> BaseException | None:
    """Run one cell with stdout/stderr captured into `sink`; the exception it raised, if any."""
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = sink
    try:
        result = shell.run_cell(src, store_history=False, silent=False)
    finally:
        sys.stdout, sys.stderr = saved
    return result.error_before_exec or result.error_in_exec


def run_probe(probe: Any, ns: dict, inp: dict, rec: Recorder, sink: CappedText) -> None:
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = sink
    try:
        probe(ns, inp, rec)
    except BaseException as exc:  # SystemExit/KeyboardInterrupt raised by student code included
        rec.put_error("__probe__", exc)
    finally:
        sys.stdout, sys.stderr = saved


def main(argv: list[str]) -> int:
    jobdir = Path(argv[1]).resolve()
    job = json.loads((jobdir / "job.json").read_text(encoding="utf-8"))
    token = str(job.get("token", ""))
    (jobdir / "job.json").unlink(missing_ok=True)
    progress = Progress(_sub(jobdir, job.get("progress", "progress.jsonl")), token)
    obs_dir = _sub(jobdir, job.get("obs_dir", "obs"))
    inputs_dir = _sub(jobdir, job.get("inputs_dir", "inputs"))
    workdir = _sub(jobdir, job.get("workdir", "work"))
    exercises = [ExerciseJob(e["id"], tuple(e["cells"]), tuple(e.get("relies_on", ())))
                 for e in job["exercises"]]
    progress.emit(None, "setup")
    try:
        # Everything trusted happens here, before the first student line runs.
        obs_dir.mkdir(parents=True, exist_ok=True)
        workdir.mkdir(parents=True, exist_ok=True)
        probes: dict[str, ModuleType] = {e.id: importlib.import_module(f"{_PKG}.probes.{e.id}")
                                         for e in exercises}
        probe_fns = {e.id: probes[e.id].probe for e in exercises}
        inputs = {e.id: load_inputs(inputs_dir, e.id) for e in exercises}
        names = sorted({*BASE_RELIES_ON, *(n for e in exercises for n in e.relies_on)})
        snapshot = Snapshot.take(names)
        for mod in probes.values():
            snapshot = snapshot.merged(Snapshot.take_module(mod))
        os.chdir(workdir)
        shell = make_shell()
        sink = CappedText()
        for i, src in enumerate(job["setup_cells"]):
            err = run_cell(shell, src, sink)
            if err is not None:
                raise RuntimeError(f"setup cell {i} failed: {_error_text(err)}\n{sink.tail(2000)}")
    except BaseException as exc:
        progress.emit(None, "setup_error", error=f"{type(exc).__name__}: {exc}"[:4000])
        return 3
    progress.emit(None, "ready")
    os.write(1, f"jaxgrade-ready {token}\n".encode())  # also where a notebook cannot take it back
    ns = shell.user_ns
    for ex in exercises:
        progress.emit(ex.id, "cells")
        cell_errors = []
        for i, src in enumerate(ex.cells):
            sink.reset()
            err = run_cell(shell, src, sink)
            if err is not None:
                cell_errors.append({"cell": i, "error": _error_text(err), "output": sink.tail(EXCERPT_CHARS)})
        sink.reset()
        rec = Recorder(obs_dir, ex.id)
        own_globals = [k for k in snapshot.entries if k.startswith(probes[ex.id].__name__ + ".")]
        labels = [*BASE_RELIES_ON, *ex.relies_on, *own_globals]
        tampered = set(snapshot.changed(labels))
        progress.emit(ex.id, "probe")
        obs_dir.mkdir(parents=True, exist_ok=True)  # the cells may have deleted it (`!rm -rf /`)
        if not tampered:
            run_probe(probe_fns[ex.id], ns, inputs[ex.id], rec, sink)
            tampered |= set(snapshot.changed(labels))
        rec.values["__cells__"] = {"json": cell_errors}
        rec.values["__tampered__"] = {"json": sorted(tampered)}
        if token:
            rec.values["__token__"] = {"json": token}
        obs_dir.mkdir(parents=True, exist_ok=True)
        rec.flush()
        progress.emit(ex.id, "done")
        if job.get("ack"):
            wait_for_ack(jobdir / f"ack-{ex.id}", ACK_WAIT_S)
        if job.get("reap"):
            reap_strays()
    return 0


if __name__ == "__main__":
    sys.stdout.flush()
    code = main(sys.argv)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # skip interpreter teardown: student threads/atexit hooks must not change the outcome
