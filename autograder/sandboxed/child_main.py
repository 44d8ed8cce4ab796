"""Sandboxed child: run one chapter's cells in an IPython shell and probe each exercise.

Started as `python -c` code (the parent's CHILD_LAUNCH) with PYTHONPATH pointing at a read-only copy
holding only this package (under the neutral name of grade/child_library.py), jaxcourse/ and kernels/.

<jobdir>/job.json (written by the parent, read once before any student code runs; file names, keys,
phases and markers of this exchange are in wire.py, which the parent imports too):
  {"chapter": "ch02"|"ch05",
   "setup_cells": [src],                                # the release's setup cells
   "exercises": [{"id", "cells": [src], "relies_on": [dotted name]}],
   "inputs_dir": "inputs", "obs_dir": "obs", "progress": "progress.jsonl", "workdir": "work",
   "stream": "obs.sock", "token": str, "ack": bool, "reap": bool}      # all optional
All paths are relative to <jobdir>. The shell runs with <jobdir>/<workdir> as its working folder.
job.json is deleted once read. `token` is copied into every progress line and into the stream's
"hello" frame (or, without a stream, into every exercise's observation file as key `__token__`): the
parent ignores progress lines and observations without it.

Observations: with "stream", the child connects to the AF_UNIX socket <jobdir>/<stream> (the parent
listens there) before anything else, unlinks it, and sends every record as a frame the moment it is
made (observe.py documents the frames); each exercise ends with an "end" frame carrying the audit
tripwire's report (tamper.py). Without "stream" (tests) each exercise is flushed to
<jobdir>/<obs_dir>/<exercise>.json. Before the release's setup cells run, the child installs the
audit tripwire over its own modules (this one, childjob, observe, tamper, inputs, wire, the job's
probes) and arms it right before the first student cell.

<jobdir>/<progress>: one JSON object per line, appended and flushed as the child goes:
  {"exercise": null, "phase": "setup", "t": s}          setup cells start
  {"exercise": null, "phase": "setup_error", "error": str, "t": s}   then exit code 3 (grader fault)
  {"exercise": null, "phase": "ready", "t": s}          setup done, student code starts
  {"exercise": id, "phase": "cells"|"probe"|"done", "t": s}
"done" comes after the exercise's last frame was written. With "ack": true, after each "done" the
child waits (at most ACK_WAIT_S) until the parent creates <jobdir>/ack-<id>, i.e. has taken the
exercise's observations. With "reap": true it then kills every other process of its uid (see
reap_strays) before the next exercise's cells. `t` is seconds since the child started. Exit code 0
after the last "done". Right after "ready" the child also writes "jaxgrade-ready <token>" to its
stdout (fd 1): proof that setup finished even if a notebook later deletes or truncates the progress
file.

Observations recorded per exercise besides the probe's own keys (observe.py wire format):
  __cells__     list of {"cell": i, "error": "Type: message", "output": str}: answer cells that
                raised (i indexes the exercise's "cells"; output = last 500 chars of what it printed)
  __tampered__  sorted list of labels (dotted names whose objects changed, hooks, threads, ... see
                tamper.py); empty list when none. Carried by the "end" frame (the parent turns it
                into this key), or written as a key without a stream.
  __probe__     error entry when the probe itself was interrupted (e.g. SystemExit from student code)
  __behaviour__ the primitive sequences of the student's traced jaxprs (behaviour.py; informational
                only: the similarity report reads it, nothing scores on it)
  __profile__   where the probe's time went: wall, CPU, JAX tracing, lowering, XLA compile and run time
                and the compilations, in total and per recorded key (profiling.py; informational only,
                nothing scores on it)
"""

from __future__ import annotations

import importlib
import io
import json
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from . import behaviour, childjob, notebook_frames, observe, tamper, wire
from . import inputs as inputs_module
from .behaviour import JaxprTap
from .childjob import PACKAGE, Progress, job_path
from .inputs import load_inputs
from .netlock import forbid_new_connections
from .observe import Recorder, StreamBroken, StreamSink
from .profiling import ProbeProfiler
from .tamper import Snapshot, TripwireSpec
from .wire import (
    ACK_WAIT_S,
    BEHAVIOUR_KEY,
    CELLS_KEY,
    JOB_LAYOUT,
    NOTEBOOK_JOB,
    PROBE_ERROR_KEY,
    PROFILE_KEY,
    SETUP_ERROR_EXIT,
    TAMPERED_KEY,
    TOKEN_KEY,
    ProgressPhase,
    ack_name,
    ready_line,
)

MAX_CAPTURE_CHARS = 64 * 1024
EXCERPT_CHARS = 500
ERROR_CHARS = 500
# Chapters whose answers and probes have no use for native calls: the tripwire refuses and reports
# every ctypes operation there (chapter 5 loads the student's kernel with ctypes).
CTYPES_FREE_CHAPTERS = frozenset({"ch02"})
# Always checked: what writes the observations themselves (the audit tripwire watches the writer's
# own modules; these are the library functions it used to call).
BASE_RELIES_ON: tuple[str, ...] = (
    f"{PACKAGE}.observe.Recorder.put", f"{PACKAGE}.observe.Recorder.put_error",
    f"{PACKAGE}.observe.Recorder.observe", f"{PACKAGE}.observe.Recorder.flush", f"{PACKAGE}.observe._plain",
    "json.dumps", "numpy.save", "numpy.asarray", "os.replace",
)
_threading_gettrace, _threading_getprofile = threading.gettrace, threading.getprofile
_THIS_MODULE = sys.modules[__name__]  # bound at import: notebook_frames renames `__name__` to __main__
_SETUP, _SETUP_ERROR, _READY = (ProgressPhase.SETUP.value, ProgressPhase.SETUP_ERROR.value,
                                 ProgressPhase.READY.value)
_CELLS, _PROBE, _DONE = ProgressPhase.CELLS.value, ProgressPhase.PROBE.value, ProgressPhase.DONE.value


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

    @classmethod
    def of(cls, entry: dict[str, Any]) -> ExerciseJob:
        return cls(str(entry["id"]), tuple(entry["cells"]), tuple(entry.get("relies_on", ())))


@dataclass(frozen=True)
class Prepared:
    """What the child takes before any student code runs (`prepare`)."""

    sink: StreamSink | None  # the observation stream; None: observation files (tests)
    probes: dict[str, ModuleType]  # exercise id -> its probe module
    probe_fns: dict[str, Any]  # exercise id -> its probe(ns, inp, rec)
    inputs: dict[str, dict[str, Any]]  # exercise id -> the probe's inputs
    snapshot: Snapshot  # the relies-on names and every global of the probe modules
    profiler: ProbeProfiler  # listens to JAX's compile events from before the first student line
    tap: JaxprTap  # the traced primitive sequences of the student's code (behaviour.py)


@dataclass(frozen=True)
class ExerciseRun:
    """What every exercise runs with, fixed before the first student cell."""

    prepared: Prepared
    shell: Any  # the IPython shell the cells run in
    ns: dict[str, Any]  # the notebook's namespace as the probes see it (taken before student code)
    captured: CappedText  # what a cell printed
    obs_dir: Path
    progress: Progress
    token: str
    thread_hooks: tuple[Any, Any]  # threading's trace and profile functions before student code


def _error_text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:  # a student exception's __str__ may raise too
        text = "<unprintable>"
    return f"{type(exc).__name__}: {text}"[:ERROR_CHARS]


def connect_stream(jobdir: Path, name: str, token: str) -> StreamSink:
    """Connect to the parent's observation socket <jobdir>/<name> and unlink it (no later connection,
    no path for student code to find); through /proc/self/fd because a socket path is short."""
    dir_fd = os.open(jobdir, os.O_RDONLY | os.O_DIRECTORY)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(f"/proc/self/fd/{dir_fd}/{name}")
        try:
            os.unlink(name, dir_fd=dir_fd)
        except OSError:
            pass
    except BaseException:
        sock.close()
        raise
    finally:
        os.close(dir_fd)
    return StreamSink(sock.detach(), token)


def wait_for_ack(path: Path, limit_s: float) -> None:
    """Hold the next exercise's cells until the parent has taken this exercise's observations (it
    creates `path`), so no later student code can touch them."""
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

    from .ipython_transform import use_linear_transforms

    cfg = Config()
    cfg.HistoryManager.enabled = False
    cfg.InteractiveShell.colors = "nocolor"
    cfg.InteractiveShell.xmode = "Plain"
    shell = InteractiveShell(config=cfg)
    # IPython re-tokenises a cell per `!`/`%` line: 120 cells of 2,000 such lines took minutes
    use_linear_transforms(shell.input_transformer_manager)
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


def stop_shell_threads(shell: Any) -> None:
    """IPython's %%bash / %%script magics leave an asyncio loop running in a daemon thread for the rest
    of the session: stop it after the cells, so the tripwire's live-thread check before the probe is
    about the student's own threads."""
    script = shell.magics_manager.registry.get("ScriptMagics")
    stop = getattr(script, "stop_event_loop", None)
    if callable(stop):
        try:
            stop()
        except Exception:
            pass


def run_probe(probe: Any, ns: dict, inp: dict, rec: Recorder, sink: CappedText) -> None:
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = sink
    try:
        probe(ns, inp, rec)
    except StreamBroken:
        tamper.flag("observation stream replaced")
    except BaseException as exc:  # SystemExit/KeyboardInterrupt raised by student code included
        try:
            rec.put_error(PROBE_ERROR_KEY, exc)
        except StreamBroken:
            tamper.flag("observation stream replaced")
    finally:
        sys.stdout, sys.stderr = saved


def _hooks_outside_sys(base: tuple[Any, Any]) -> list[str]:
    """Trace/profile functions set with threading.settrace/setprofile (they reach threads started
    later; sys-level hooks and thread starts are the audit tripwire's)."""
    out = []
    if _threading_gettrace() is not base[0]:
        out.append("threading.settrace")
    if _threading_getprofile() is not base[1]:
        out.append("threading.setprofile")
    return out


def finish_exercise(ex: ExerciseJob, rec: Recorder, sink: StreamSink | None, cell_errors: list[dict],
                    tampered: set[str]) -> None:
    """The exercise's last records: cells errors, then the tripwire's report in the "end" frame (or,
    without a stream, `__tampered__` and the file)."""
    tamper.phase(ex.id, "closing")
    try:
        rec.put(CELLS_KEY, cell_errors)
    except StreamBroken:
        tamper.flag("observation stream replaced")
    report = tamper.report(ex.id)
    labels = sorted({*tampered, *(report.labels if report is not None else ("tripwire missing",))})
    if sink is None:
        rec.put(TAMPERED_KEY, labels)
        rec.flush()
        return
    frames, digest = (report.frames, report.sha256) if report is not None else (-1, "")
    try:
        sink.end(ex.id, frames, digest, labels)
    except (StreamBroken, OSError):
        pass  # the parent finds no "end" frame: the exercise counts as tampered


def prepare(job: dict[str, Any], jobdir: Path, token: str, obs_dir: Path, inputs_dir: Path, workdir: Path,
            exercises: list[ExerciseJob]) -> Prepared:
    """Connect the stream, import the probes, load their inputs, take the snapshot and install the
    audit tripwire: everything trusted, before the first student line runs."""
    stream = job.get("stream")
    sink = connect_stream(jobdir, job_path(jobdir, stream).name, token) if stream else None
    forbid_new_connections()  # from here on no socket outside the job can be reached (netlock.py)
    obs_dir.mkdir(parents=True, exist_ok=True)
    workdir.mkdir(parents=True, exist_ok=True)
    probes: dict[str, ModuleType] = {e.id: importlib.import_module(f"{PACKAGE}.probes.{e.id}")
                                     for e in exercises}
    notebook_frames.disguise(PACKAGE)  # the probes and what they imported, before the snapshot
    profiler = ProbeProfiler()
    profiler.install()  # the probes imported JAX; its listeners are in place before any student code
    tap = JaxprTap()
    if os.environ.get(wire.BEHAVIOUR_ENV, "1") != "0":  # off: the parent measures the tap's cost
        tap.install()
    prepared = Prepared(sink=sink, probes=probes, probe_fns={e.id: probes[e.id].probe for e in exercises},
                        inputs={e.id: load_inputs(inputs_dir, e.id) for e in exercises},
                        snapshot=take_snapshot(exercises, probes), profiler=profiler, tap=tap)
    install_child_tripwire(prepared, exercises, refuse_ctypes=job.get("chapter") in CTYPES_FREE_CHAPTERS)
    return prepared


def take_snapshot(exercises: list[ExerciseJob], probes: dict[str, ModuleType]) -> Snapshot:
    """The writer's and every exercise's relies-on names, and every global of the probe modules."""
    names = sorted({*BASE_RELIES_ON, *(n for e in exercises for n in e.relies_on)})
    snapshot = Snapshot.take(names)
    for mod in probes.values():
        snapshot = snapshot.merged(Snapshot.take_module(mod))
    return snapshot


def install_child_tripwire(prepared: Prepared, exercises: list[ExerciseJob], *, refuse_ctypes: bool) -> None:
    """The audit tripwire over this child's own modules and classes, its probes and what it took."""
    sink = prepared.sink
    tamper.install_tripwire(TripwireSpec(
        modules=(_THIS_MODULE, observe, tamper, inputs_module, wire, childjob, behaviour),
        probes=tuple(prepared.probes[e.id] for e in exercises),
        classes=(Recorder, observe._Values, StreamSink, Snapshot, Progress, CappedText, Prepared,
                 ExerciseRun, JaxprTap),
        namespaces=(("snapshot", prepared.snapshot.entries), ("inputs", prepared.inputs),
                    ("probes", prepared.probe_fns)),
        root=main.__code__, sender=StreamSink._send.__code__,
        exercises=tuple(e.id for e in exercises),
        stream_fd=sink._fd if sink is not None else None,
        refuse_ctypes=refuse_ctypes,
        holders=tamper.holders_of(sorted({*BASE_RELIES_ON, *(n for e in exercises for n in e.relies_on)}))))


def start_shell(workdir: Path, setup_cells: list[str], captured: CappedText) -> Any:
    """The IPython shell in `workdir`, after the release's setup cells (a failing one raises), with
    the student's shell commands limited from then on."""
    os.chdir(workdir)
    shell = make_shell()
    for i, src in enumerate(setup_cells):
        err = run_cell(shell, src, captured)
        if err is not None:
            raise RuntimeError(f"setup cell {i} failed: {_error_text(err)}\n{captured.tail(2000)}")
    limit_shell_commands(shell, MAX_SHELL_COMMANDS)
    return shell


# Every `!cmd` line starts a shell process: a notebook of a few thousand such lines kept one chapter's
# child busy for minutes (and with it the service's worker, so every later upload waited). Grading
# needs none of them; a handful is allowed so that a notebook's `!nvidia-smi` or `!ls` still runs.
MAX_SHELL_COMMANDS = 32
# The student sees the first line of a cell's error (judge.py's cell_error note): one line, both languages.
SHELL_LIMIT_TEXT = (
    "评分时每章最多运行 {limit} 条 shell 命令(! 行、%sx、%system、%%bash 等),之后的不再运行"
    " / at most {limit} shell commands per chapter run during grading; later ones are not run"
)


# IPython's ScriptMagics: each runs its cell in a new process (%%sx and %%system use getoutput)
SCRIPT_CELL_MAGICS = ("script", "sh", "bash", "perl", "ruby", "python", "python2", "python3", "pypy")


class ShellCommandLimit(RuntimeError):
    """A shell command past the chapter's MAX_SHELL_COMMANDS: the cell fails here, at once."""


def limit_shell_commands(shell: Any, limit: int) -> None:
    """Charge every way IPython starts a shell process (`!cmd` and `%system`: `system`; `x = !cmd`
    and `%sx`: `getoutput`; the `%%bash`/`%%sh`/`%%script` family of cell magics) to one budget of
    `limit` commands for this shell. Student code can undo this (it runs in this process); the
    exercise's time limit still bounds it then. The budget is for notebooks that merely hold many
    shell lines."""
    left = [limit]

    def charged(run: Any) -> Any:
        def run_charged(*args: Any, **kwargs: Any) -> Any:
            if left[0] <= 0:
                raise ShellCommandLimit(SHELL_LIMIT_TEXT.format(limit=limit))
            left[0] -= 1
            return run(*args, **kwargs)

        return run_charged

    shell.system = charged(shell.system)
    shell.getoutput = charged(shell.getoutput)
    cell_magics = shell.magics_manager.magics["cell"]
    for name in SCRIPT_CELL_MAGICS:
        if name in cell_magics:
            cell_magics[name] = charged(cell_magics[name])


def run_answer_cells(shell: Any, cells: tuple[str, ...], captured: CappedText) -> list[dict[str, Any]]:
    """Run the student's cells; the `__cells__` entries of those that raised."""
    cell_errors = []
    for i, src in enumerate(cells):
        captured.reset()
        err = run_cell(shell, src, captured)
        if err is not None:
            cell_errors.append({"cell": i, "error": _error_text(err), "output": captured.tail(EXCERPT_CHARS)})
    captured.reset()
    return cell_errors


def changes_noticed(snapshot: Snapshot, labels: list[str], thread_hooks: tuple[Any, Any]) -> set[str]:
    """Snapshot labels whose object changed, and threading hooks set since `thread_hooks`; each one
    is also flagged to the audit hook, which keeps it out of the notebook's reach."""
    tampered = {*snapshot.changed(labels), *_hooks_outside_sys(thread_hooks)}
    for label in sorted(tampered):
        tamper.flag(label)
    return tampered


def run_exercise(ex: ExerciseJob, run: ExerciseRun) -> None:
    """One exercise: its cells, the tamper checks, its probe (unless tampering was seen) and its
    last records."""
    prepared = run.prepared
    tamper.phase(ex.id, "cells")
    run.progress.emit(ex.id, _CELLS)
    cell_errors = run_answer_cells(run.shell, ex.cells, run.captured)
    stop_shell_threads(run.shell)
    rec = Recorder(run.obs_dir, ex.id, sink=prepared.sink, on_record=prepared.profiler.mark)
    probe_prefix = notebook_frames.real_name(prepared.probes[ex.id]) + "."
    own_globals = [k for k in prepared.snapshot.entries if k.startswith(probe_prefix)]
    labels = [*BASE_RELIES_ON, *ex.relies_on, *own_globals]
    tampered = changes_noticed(prepared.snapshot, labels, run.thread_hooks)
    run.progress.emit(ex.id, _PROBE)
    run.obs_dir.mkdir(parents=True, exist_ok=True)  # the cells may have deleted it (`!rm -rf /`)
    tamper.phase(ex.id, "probe")
    if not tampered:
        prepared.profiler.start()
        prepared.tap.start()
        run_probe(prepared.probe_fns[ex.id], run.ns, prepared.inputs[ex.id], rec, run.captured)
        fingerprint = prepared.tap.finish()
        profile = prepared.profiler.finish()
        tampered |= changes_noticed(prepared.snapshot, labels, run.thread_hooks)
        for key, value in ((PROFILE_KEY, profile), (BEHAVIOUR_KEY, fingerprint)):
            try:
                rec.put(key, value)
            except StreamBroken:
                tamper.flag("observation stream replaced")
            except Exception:
                pass  # both are informational: without them the exercise is judged the same
    if run.token and prepared.sink is None:
        rec.values[TOKEN_KEY] = {"json": run.token}
    run.obs_dir.mkdir(parents=True, exist_ok=True)
    finish_exercise(ex, rec, prepared.sink, cell_errors, tampered)


def main(argv: list[str]) -> int:
    jobdir = Path(argv[1]).resolve()
    job = json.loads((jobdir / NOTEBOOK_JOB).read_text(encoding="utf-8"))
    token = str(job.get("token", ""))
    (jobdir / NOTEBOOK_JOB).unlink(missing_ok=True)
    progress = Progress(job_path(jobdir, job.get("progress", JOB_LAYOUT["progress"])), token)
    obs_dir = job_path(jobdir, job.get("obs_dir", JOB_LAYOUT["obs_dir"]))
    inputs_dir = job_path(jobdir, job.get("inputs_dir", JOB_LAYOUT["inputs_dir"]))
    workdir = job_path(jobdir, job.get("workdir", JOB_LAYOUT["workdir"]))
    exercises = [ExerciseJob.of(e) for e in job["exercises"]]
    progress.emit(None, _SETUP)
    captured = CappedText()
    try:
        prepared = prepare(job, jobdir, token, obs_dir, inputs_dir, workdir, exercises)
        shell = start_shell(workdir, job["setup_cells"], captured)
    except BaseException as exc:
        progress.emit(None, _SETUP_ERROR, error=f"{type(exc).__name__}: {exc}"[:4000])
        return SETUP_ERROR_EXIT
    progress.emit(None, _READY)
    os.write(1, f"{ready_line(token)}\n".encode())  # also where a notebook cannot take it back
    run = ExerciseRun(prepared=prepared, shell=shell, ns=shell.user_ns, captured=captured, obs_dir=obs_dir,
                      progress=progress, token=token,
                      thread_hooks=(_threading_gettrace(), _threading_getprofile()))
    tamper.arm()
    for ex in exercises:
        run_exercise(ex, run)
        progress.emit(ex.id, _DONE)
        if job.get("ack"):
            wait_for_ack(jobdir / ack_name(ex.id), ACK_WAIT_S)
        if job.get("reap"):
            reap_strays()
    return 0


def run_child(argv: list[str], launcher: dict[str, Any] | None = None) -> None:
    """main(argv), then exit without interpreter teardown: student threads/atexit hooks must not change
    the outcome. The parent starts the child as `python -c` code that calls `notebook_frames.disguise`
    first and then this (autograder/grade/run/notebook_child.py, CHILD_LAUNCH): the bottom frame is a
    "<string>" module, and no frame of this package below student code carries the grader's names.
    `launcher` is that code's namespace: emptied here, before any student code runs."""
    if launcher is not None:
        notebook_frames.forget_launcher(launcher)
    notebook_frames.forget_editable_installs()
    sys.stdout.flush()
    code = main(argv)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":  # `-m` (tests): this module's own frame keeps its file name
    notebook_frames.disguise(PACKAGE, _THIS_MODULE)
    run_child(notebook_frames.kernel_argv(sys.argv))
