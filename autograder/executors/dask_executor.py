"""The Dask executor: one student is one task on a Dask distributed cluster (trusted client side).

jaxgrade is only a client of a scheduler someone started (`dask scheduler`, dask-jobqueue,
dask-kubernetes, Dask Gateway). What crosses the wire, all plain data:
  client -> scheduler  the release archive once, as the argument of one task keyed by its digest
                       (`jaxgrade-release-<digest>`; Dask moves its output to each worker once and
                       recomputes it if every copy is lost), and per student one task
                       `grade_task(<release>, payload)` whose payload is JSON text (task format,
                       grader version, release digest, the travelling RunSettings fields, the
                       submission as codec.py encodes it: no student id, no path of this machine).
                       With a trusted compile cache (`--compile-cache`): its entries once, like the
                       release (`jaxgrade-xla-<digest>`, cache_archive.py), as a third argument of
                       every task, and its name and digest in the payload (a worker uses it only if
                       the name equals the one it computes for itself)
  worker -> client     JSON text of the result, which codec.decode_result checks before the batch
                       sees it; or of a refusal (grading met student data a decoding layer refused),
                       which the future raises as that StudentInputError, so the batch records the
                       student's `malformed:unusable_input` as in a local run; or a TaskFailed(one
                       line) when the grader failed there
Task key: `jaxgrade-grade-<sha256(content hash, release digest, grader version, settings)>`, so the
same work is one task however often it is submitted (identical submissions share it).

Faults: a task may fail once more on another worker (`retries=1`); a worker that dies while grading
counts against the scheduler's `distributed.scheduler.allowed-failures` (we recommend 1: a task that
killed two workers is given up). The scheduler counts a death against every task assigned to the
worker, the ones waiting behind the running one too, so a task given up that way is tried once more,
alone, under the key `<key>-alone` (solo_lane.py): a bystander is graded, a submission that kills
workers is given up again. Either way the future then fails with a GraderFault -> `grader_error`.
If the scheduler connection is lost, Dask cancels every pending future: those students become
`grader_error`, and every later submit fails at once; rerunning the command resumes.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from concurrent.futures import Future
from typing import Any, TextIO

from autograder.executors.cache_archive import CacheArchive, CacheArchiveError, pack_compile_cache
from autograder.executors.dask_tasks import (
    PLUGIN_NAME,
    RESOURCE,
    TASK_FORMAT,
    WIRE_SETTINGS,
    TaskFailed,
    WorkerCheck,
    grade_task,
    scheduler_allowed_failures,
    worker_report,
)
from autograder.executors.release_archive import ReleaseArchive, ReleaseArchiveError, pack_release
from autograder.executors.solo_lane import SoloLane
from autograder.executors.version import grader_version
from autograder.grade.codec import CodecError, decode_refusal, decode_result, encode_submission
from autograder.model import GraderFault, ReleaseInfo, StudentResult, StudentSubmission
from autograder.student_input import StudentInputError

CONNECT_TIMEOUT_S = 10.0
WORKER_WAIT_S = 60.0
TASK_RETRIES = 1
SECOND_TRY_SUFFIX = "-alone"  # the key of a task's second try, alone (solo_lane.py)
RESULT_TIMEOUT_S = 120.0
SLOTS_REFRESH_S = 10.0


def wire_settings(settings: Any) -> dict[str, Any]:
    """The RunSettings fields a worker needs from the command line (plain JSON values)."""
    if settings is None:
        return {}
    wire = {name: getattr(settings, name) for name in WIRE_SETTINGS}
    if wire["exercises"] is not None:
        wire["exercises"] = list(wire["exercises"])
    return wire


def task_key(
    content_hash: str, student_id: str, release_digest: str, version: str, settings: dict[str, Any]
) -> str:
    """The same work is one task: same content for the same student (per-student variants make the
    student part of the work), same release, grader version and settings."""
    h = hashlib.sha256(b"jaxgrade-task-v2\0")
    for part in (content_hash, student_id, release_digest, version, json.dumps(settings, sort_keys=True)):
        h.update(part.encode() + b"\0")
    return f"jaxgrade-grade-{h.hexdigest()}"


def _describe_failure(exc: BaseException | None) -> str:
    from distributed import KilledWorker

    if isinstance(exc, TaskFailed):
        return f"failed on the Dask workers (tried {TASK_RETRIES + 1} times): {exc}"
    if isinstance(exc, KilledWorker):
        return ("the Dask workers grading this submission died each time (allowed-failures reached, "
                "and again when it was graded alone)")
    return f"the Dask task failed: {type(exc).__name__}: {exc}"


class DaskExecutor:
    def __init__(self, client: Any, address: str, release: ReleaseInfo, archive: ReleaseArchive,
                 settings: dict[str, Any], exercises: tuple[str, ...], slots: int,
                 cache: CacheArchive | None = None):  # fmt: skip
        self.client, self.address = client, address
        self.release, self.archive, self.settings, self.exercises = release, archive, settings, exercises
        self.cache = cache
        self.slots = slots
        self.version = grader_version()
        self.description = f"dask {address}, {slots} grading slot(s)"
        self._lock = threading.Lock()
        self._held: set[Any] = set()  # Dask futures not resolved yet (Dask forgets a key nobody holds)
        self._lane = SoloLane()  # when a task goes to the cluster (a second try after dead workers: alone)
        self._closed = False
        self._slots_at = time.monotonic()
        self._release_future = self._submit_release()
        self._cache_future = self._submit_cache()

    def _submit_release(self) -> Any:
        # `dict` (a builtin) copies the archive: the task's output is what Dask moves to each worker once
        return self.client.submit(dict, self.archive.files, key=f"jaxgrade-release-{self.archive.digest}",
                                  pure=False)  # fmt: skip

    def _submit_cache(self) -> Any:
        if self.cache is None:
            return None
        return self.client.submit(dict, self.cache.files, key=f"jaxgrade-xla-{self.cache.digest}", pure=False)

    # -- connecting and checking the workers

    @classmethod
    def connect(cls, address: str, *, release: ReleaseInfo, settings: Any, exercises: tuple[str, ...],
                err: TextIO, connect_timeout: float = CONNECT_TIMEOUT_S,
                worker_wait: float = WORKER_WAIT_S) -> DaskExecutor:  # fmt: skip
        """Connect, check every worker, and report; GraderFault when no worker can grade."""
        from distributed import Client

        try:
            archive = pack_release(release.root)
        except ReleaseArchiveError as exc:
            raise GraderFault(str(exc)) from exc
        cache = _pack_cache(getattr(settings, "compile_cache", None), err)
        try:
            client = Client(address, timeout=connect_timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise GraderFault(
                f"cannot reach the Dask scheduler at {address}: {' '.join(str(exc).split())}"
            ) from exc
        try:
            wire = wire_settings(settings)
            slots = _check_workers(client, address, wire.get("isolation", "bwrap"), err, worker_wait)
            return cls(client, address, release, archive, wire, exercises, slots, cache)
        except GraderFault:
            client.close()
            raise
        except Exception as exc:  # Dask refused something: say what, as a grader fault (exit 1)
            client.close()
            raise GraderFault(f"the Dask cluster at {address} failed: {type(exc).__name__}: {exc}") from exc
        except BaseException:
            client.close()
            raise

    # -- the executor protocol

    def capacity(self) -> int:
        """Two per grading slot on the cluster (one queued per slot hides the scheduling round trip).

        Re-read every SLOTS_REFRESH_S from the scheduler, so workers that join later (a dask-jobqueue
        scale-up) get work; a withdrawn worker (WorkerCheck) offers 0 slots."""
        now = time.monotonic()
        if now - self._slots_at >= SLOTS_REFRESH_S and self.client.status == "running":
            self._slots_at = now
            try:
                workers = self.client.scheduler_info(n_workers=-1)["workers"].values()
                self.slots = max(1, int(sum(float(w.get("resources", {}).get(RESOURCE, 0)) for w in workers)))
            except Exception:  # the scheduler is going away: submit() will say so
                pass
        return 2 * self.slots

    def submit(self, sub: StudentSubmission) -> Future[StudentResult]:
        done: Future[StudentResult] = Future()
        if self.client.status != "running":
            done.set_exception(GraderFault(f"lost the Dask scheduler at {self.address}; rerun to resume"))
            return done
        task: dict[str, Any] = {
            "format": TASK_FORMAT,
            "grader_version": self.version,
            "release_digest": self.archive.digest,
            "settings": self.settings,
            "submission": encode_submission(sub),
        }
        # the cache changes no grade (docs/architecture.md, "Trusted compile cache"): not in the key
        key = task_key(sub.content_hash, sub.student_id, self.archive.digest, self.version, self.settings)
        if self._release_future.status in ("cancelled", "lost", "error"):  # the scheduler was replaced
            self._release_future = self._submit_release()
        args = [self._release_future]
        if self.cache is not None:
            task["compile_cache"] = {"name": self.cache.name, "digest": self.cache.digest}
            if self._cache_future.status in ("cancelled", "lost", "error"):
                self._cache_future = self._submit_cache()
        payload = json.dumps(task, ensure_ascii=False, separators=(",", ":"))
        args.append(payload)
        if self.cache is not None:
            args.append(self._cache_future)
        self._lane.start(lambda: self._launch(key, args, done, sub, second_try=False))
        return done

    def _launch(self, key: str, args: list[Any], done: Future[StudentResult], sub: StudentSubmission,
                *, second_try: bool) -> None:  # fmt: skip
        """Submit one try of a student's task (solo_lane.py says when); a second try has a key of its
        own, so the scheduler counts the deaths under it afresh."""
        if self._closed:
            done.set_exception(GraderFault("the Dask executor was closed before this submission was graded"))
            return
        try:
            fut = self.client.submit(grade_task, *args, key=key + SECOND_TRY_SUFFIX * second_try,
                                     resources={RESOURCE: 1}, retries=TASK_RETRIES, pure=False)  # fmt: skip
        except Exception as exc:  # the client is closing or lost its scheduler
            done.set_exception(GraderFault(f"cannot submit to the Dask cluster at {self.address}: {exc}"))
            if second_try:
                self._lane.second_try_done()
            else:
                self._lane.first_try_done()
            return
        with self._lock:
            self._held.add(fut)
        fut.add_done_callback(lambda f: self._after(f, key, args, done, sub, second_try=second_try))

    def _after(self, fut: Any, key: str, args: list[Any], done: Future[StudentResult], sub: StudentSubmission,
               *, second_try: bool) -> None:  # fmt: skip
        """Runs on Dask's callback thread: a first try given up by dead workers goes to the solo lane
        for a second try; anything else resolves the student's result."""
        from distributed import KilledWorker

        if second_try:
            self._resolve(fut, done, sub)
            self._lane.second_try_done()
            return
        if fut.status == "error" and isinstance(fut.exception(timeout=RESULT_TIMEOUT_S), KilledWorker):
            with self._lock:
                self._held.discard(fut)
            self._lane.first_try_done(again=lambda: self._launch(key, args, done, sub, second_try=True))
            return
        self._resolve(fut, done, sub)
        self._lane.first_try_done()

    def _resolve(self, fut: Any, done: Future[StudentResult], sub: StudentSubmission) -> None:
        """Decode and check the result, or name the fault. A refusal fails `done` with its
        StudentInputError, as the local grade function raises it."""
        try:
            if fut.status == "finished":
                text = fut.result(timeout=RESULT_TIMEOUT_S)
                try:
                    refused = decode_refusal(text, content_hash_hex=sub.content_hash)
                    if refused is not None:
                        raise refused
                    result = decode_result(text, student_id=sub.student_id, content_hash_hex=sub.content_hash,
                                           release=self.release, exercises=self.exercises)  # fmt: skip
                except CodecError as exc:
                    raise GraderFault(f"a Dask worker sent an invalid result: {exc}") from exc
                done.set_result(result)
            elif fut.status == "error":
                done.set_exception(GraderFault(_describe_failure(fut.exception(timeout=RESULT_TIMEOUT_S))))
            else:  # cancelled: the scheduler connection was lost
                done.set_exception(
                    GraderFault(
                        f"the Dask task was {fut.status} (scheduler {self.address} lost?); rerun to resume"
                    )
                )
        except (GraderFault, StudentInputError) as exc:
            done.set_exception(exc)
        except Exception as exc:
            done.set_exception(GraderFault(f"cannot collect the Dask result: {type(exc).__name__}: {exc}"))
        finally:
            with self._lock:
                self._held.discard(fut)

    def close(self, *, cancel: bool = False) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            held = list(self._held)
            self._held.clear()
        for launch in self._lane.drain():  # never started: each fails its student's result (closed)
            launch()
        connected = self.client.status == "running"
        quiet = logging.getLogger("distributed.client")
        level = quiet.level
        if not connected:  # Dask logs a traceback for the reconnection it gives up; we said it in one line
            quiet.setLevel(logging.CRITICAL)
        try:
            if cancel and held and connected:
                self.client.cancel(held)
            self._release_future.release()
            if self._cache_future is not None:
                self._cache_future.release()
        finally:
            try:
                self.client.close(timeout=CONNECT_TIMEOUT_S)
            finally:
                quiet.setLevel(level)


def _pack_cache(path: Any, err: TextIO) -> CacheArchive | None:
    """The compile cache this run's children would get locally, packed for the workers (or None)."""
    if path is None:
        return None
    try:
        cache = pack_compile_cache(path)
    except CacheArchiveError as exc:
        err.write(f"jaxgrade grade: compile cache not sent to the Dask workers: {exc}\n")
        return None
    err.write(f"jaxgrade grade: compile cache {cache.name} ({len(cache.files)} entries, "
              f"{cache.size / 2**20:.1f} MiB) goes to the Dask workers; each uses it only if it was "
              "made for that worker's CPU, jaxlib and grader\n")  # fmt: skip
    return cache


def _check_workers(client: Any, address: str, isolation: str, err: TextIO, wait_s: float) -> int:
    """Register the worker check, report every worker by name; the number of usable grading slots."""
    try:
        client.wait_for_workers(1, timeout=wait_s)
    except TimeoutError as exc:
        raise GraderFault(f"no Dask worker joined the scheduler at {address} within {wait_s:g} s") from exc
    try:
        client.register_plugin(WorkerCheck(grader_version(), isolation), name=PLUGIN_NAME)
    except Exception as exc:  # a worker without (this) jaxgrade cannot load the plugin; named below
        err.write(f"jaxgrade grade: a Dask worker could not run the worker check: {type(exc).__name__}: "
                  f"{' '.join(str(exc).split())[:300]}\n")  # fmt: skip
    reports = client.run(worker_report, on_error="return")
    info = client.scheduler_info(n_workers=-1)["workers"]
    slots = 0
    usable = 0
    for addr in sorted(info):
        name = str(info[addr].get("name", addr))
        raw = reports.get(addr)
        label = f"Dask worker {name} ({addr})"
        if not isinstance(raw, str):
            err.write(f"jaxgrade grade: refused {label}: cannot run jaxgrade's worker check there "
                      f"({type(raw).__name__}: {raw}); install the same jaxgrade there\n")  # fmt: skip
            continue
        report = json.loads(raw)
        if report.get("mismatch"):
            err.write(f"jaxgrade grade: refused {label}: it {report['problems'][0]}\n")
            continue
        if report.get("problems"):
            err.write(f"jaxgrade grade: not using {label}: {'; '.join(report['problems'])}\n")
            continue
        have = float(info[addr].get("resources", {}).get(RESOURCE, 0))
        if have < 1:
            err.write(f"jaxgrade grade: not using {label}: it offers no '{RESOURCE}' resource "
                      f"(start it with --resources {RESOURCE}=N)\n")  # fmt: skip
            continue
        usable += 1
        slots += int(have)
    if not slots:
        raise GraderFault(f"no usable Dask worker at {address} (see the messages above)")
    deaths = client.run_on_scheduler(scheduler_allowed_failures)
    err.write(
        f"jaxgrade grade: Dask scheduler {address}: {usable} usable worker(s), {slots} grading slot(s); "
        f"a task is given up after {deaths + 1} worker death(s); dashboard {client.dashboard_link}\n"
    )
    err.flush()
    return slots
