"""What runs ON a Dask worker (trusted grader side; student code only in the runner's sandboxed children).

Every function here is module-level, so Dask sends it by reference (its import path), and every
argument and return value is plain data: JSON text, a dict of bytes (the release archive), str.

- `grade_task(release_files, payload[, cache_files])`: one student. Checks the grader version, unpacks
  the release into this machine's cache once, rebuilds the submission (its content hash proven
  again), runs the same `runner.grade_submission` as a local run, with the worker's own sandbox
  (bwrap, rlimit or container on this machine) and folders, and returns the result as JSON text
  (codec.py). With the client's trusted compile cache (payload `compile_cache`: name and digest;
  cache_archive.py) the children get it read-only when its name equals the one this worker computes
  for itself; otherwise the worker grades without it and says why once in its log.
  A grader fault becomes `TaskFailed(one line)`: the only exception that leaves a task, so Dask's
  `retries` apply and the client unpickles nothing but that class and a capped string. Student data
  a decoding layer refused during grading (a `StudentInputError`) is no fault: the task returns it as
  a refusal (codec.encode_refusal, plain JSON text, not retried) and the client raises it again, so
  the student gets the status a local run gives (`malformed:unusable_input`).
- `WorkerCheck`: a worker plugin, run by every worker when the client registers it and by every
  worker that joins or restarts later. It checks the grader version and the sandbox tools; a worker
  that fails withdraws its `grader` resource (so the scheduler gives it no grading task) until the
  plugin is removed or replaced, and keeps its report for `worker_report`.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from autograder.executors.cache_archive import CacheArchiveError, unpack_compile_cache
from autograder.executors.release_archive import ReleaseArchiveError, default_cache, unpack_release
from autograder.executors.version import grader_version

TASK_FORMAT = "jaxgrade-task/1"
RESOURCE = "grader"  # the Dask worker resource one student's grading holds
PLUGIN_NAME = "jaxgrade-worker-check"
MAX_ERROR = 1000
# a child of Dask's "distributed" logger: its lines land in the worker's log like Dask's own
log = logging.getLogger("distributed.worker.jaxgrade")
_said: set[tuple[str, str]] = set()  # (cache digest, reason) already logged by this worker process
_said_lock = threading.Lock()
# RunSettings fields that travel (everything else, e.g. folders and the Python, is the worker's own)
WIRE_SETTINGS = ("isolation", "unsafe_no_sandbox", "exercises", "timeout_scale", "engine", "image")


class TaskFailed(RuntimeError):
    """A grading task failed for a reason of the grader's (one line of text, nothing else)."""


def _line(text: str) -> str:
    return " ".join(str(text).split())[:MAX_ERROR]


def _say_once(digest: str, text: str, level: int = logging.WARNING) -> None:
    with _said_lock:
        if (digest, text) in _said:
            return
        _said.add((digest, text))
    log.log(level, "jaxgrade: %s", text)


def worker_compile_cache(spec: Any, cache_files: Any, release: Any, isolation: str) -> Path | None:
    """The client's compile cache unpacked on this worker, when it was made for this worker's release,
    child code, jaxlib and CPU and passes `usable`; else None (and one log line saying why)."""
    from autograder.grade import compile_cache

    if (
        not isinstance(spec, dict)
        or not isinstance(spec.get("name"), str)
        or not isinstance(spec.get("digest"), str)
    ):
        raise TaskFailed("task compile_cache is not {name, digest}")
    name, digest = spec["name"], spec["digest"]
    own = compile_cache.cache_name((release.root / "manifest.json").read_bytes(), release.version)
    why = compile_cache.name_mismatch(name, own)
    if why is None:
        try:
            path = unpack_compile_cache(cache_files, digest, name)
        except CacheArchiveError as exc:
            why = str(exc)
        else:
            why = compile_cache.usable(path, reachable_by_others=isolation == "rlimit")
            if why is None:
                _say_once(
                    digest, f"compile cache {name} from the client used (read-only in children)", logging.INFO
                )
                return path
    _say_once(digest, f"compile cache {name} from the client not used, grading without: {why}")
    return None


def grade_task(
    release_files: dict[str, bytes], payload: str, cache_files: dict[str, bytes] | None = None
) -> str:
    from autograder.grade import run as runner
    from autograder.grade.codec import CodecError, decode_submission, encode_refusal, encode_result
    from autograder.model import GraderFault, ReleaseInfo
    from autograder.student_input import StudentInputError

    try:
        doc = json.loads(payload)
        if not isinstance(doc, dict) or doc.get("format") != TASK_FORMAT:
            raise TaskFailed(f"not a {TASK_FORMAT} task")
        own = grader_version()
        if doc.get("grader_version") != own:
            raise TaskFailed(f"worker runs grader {own}, the client {doc.get('grader_version')!r}")
        root = unpack_release(release_files, str(doc["release_digest"]))
        release = ReleaseInfo.load(root)
        sub = decode_submission(doc["submission"])
        wire = doc["settings"]
        if not isinstance(wire, dict) or not set(wire) <= set(WIRE_SETTINGS):
            raise TaskFailed("task settings hold unknown keys")
        cache = None
        if doc.get("compile_cache") is not None:
            isolation = str(wire.get("isolation", "bwrap"))
            cache = worker_compile_cache(doc["compile_cache"], cache_files, release, isolation)
        settings = runner.RunSettings.from_options(**wire, hidden=(default_cache(),), compile_cache=cache)
        try:
            result = runner.grade_submission(sub, release, settings)
        except StudentInputError as exc:  # the student's data, not a fault: their status, as locally
            return encode_refusal(sub.content_hash, exc)
        return encode_result(result)
    except TaskFailed as exc:
        raise TaskFailed(_line(str(exc))) from None
    except (GraderFault, ReleaseArchiveError, CodecError) as exc:
        raise TaskFailed(_line(str(exc))) from None
    except Exception as exc:  # a bug of the grader: still not the student's fault
        raise TaskFailed(_line(f"internal error on the worker: {type(exc).__name__}: {exc}")) from None


def sandbox_problems(isolation: str) -> list[str]:
    """What this machine lacks to grade with `isolation` (empty: nothing)."""
    problems = []

    def runs(argv: list[str]) -> bool:
        try:
            return subprocess.run(argv, capture_output=True, timeout=30).returncode == 0
        except (OSError, subprocess.SubprocessError):
            return False

    if isolation == "bwrap" and not (shutil.which("bwrap") and runs(["bwrap", "--version"])):
        problems.append("no working bwrap (bubblewrap) on PATH")
    if isolation == "container":
        engines = [e for e in ("podman", "docker") if shutil.which(e)]
        if not engines:
            problems.append("no podman or docker on PATH")
    try:
        from jaxcourse.kernels import compiler_path

        cxx = compiler_path()
        if not runs([cxx, "--version"]):
            problems.append(f"the C++ compiler {cxx} does not run")
    except FileNotFoundError:
        problems.append("no clang++ on PATH")
    return problems


def check_worker(expected_version: str, isolation: str) -> dict[str, Any]:
    own = grader_version()
    problems = []
    if own != expected_version:
        problems.append(f"runs grader {own}, the client {expected_version}: install the same jaxgrade there")
    problems += sandbox_problems(isolation)
    return {"grader_version": own, "python": sys.version.split()[0], "mismatch": own != expected_version,
            "problems": problems}  # fmt: skip


class WorkerCheck(WorkerPlugin):
    """Per worker: check, and withdraw the grading slots of a worker that cannot grade correctly."""

    def __init__(self, expected_version: str, isolation: str):
        self.expected_version, self.isolation = expected_version, isolation
        self.report: dict[str, Any] = {}
        self.withdrawn = 0.0

    async def setup(self, worker: Any) -> None:
        report = check_worker(self.expected_version, self.isolation)
        slots = float(worker.state.total_resources.get(RESOURCE, 0))
        self.report = {**report, "slots": slots}
        if report["problems"] and slots > 0:
            self.withdrawn = slots
            await worker.set_resources(**{RESOURCE: 0})

    async def teardown(self, worker: Any) -> None:
        if self.withdrawn:
            await worker.set_resources(**{RESOURCE: self.withdrawn})
            self.withdrawn = 0.0


def worker_report(dask_worker: Any) -> str:
    """`client.run` target: this worker's WorkerCheck report as JSON text."""
    plugin = dask_worker.plugins.get(PLUGIN_NAME)
    report = getattr(plugin, "report", None) or {"problems": ["the jaxgrade worker check did not run here"]}
    return json.dumps(report)


def scheduler_allowed_failures(dask_scheduler: Any) -> int:
    """`client.run_on_scheduler` target: worker deaths a task survives before Dask gives up on it."""
    return int(dask_scheduler.allowed_failures)
