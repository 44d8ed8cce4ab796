"""Grading workers: each claims the next queued attempt and grades it with `jaxgrade grade`.

A worker is a thread of the service process that only supervises: it materialises the attempt as
a SUBMISSIONS folder with one entry named by the student id (exactly the uploaded files), runs

    python -m autograder.cli grade <folder> --out <attempt out> --release R --jobs 1 [grade args]

in a subprocess (the TA's batch code path, so the grades are the batch's by construction), and
reads `<out>/grades.csv`, `<out>/<safe id>/results.json` and `feedback.html`. Exit code 0 with
readable outputs is `graded`; anything else (exit 1 = the batch's grader fault, a crash, a
timeout, missing or unreadable output) is a grader fault, retried with backoff (Service).

Layout: DIR/attempts/<id>/try-<n>/{subs/<entry>, out/, grade.log}; the try folder is new for every
try, so a try left behind by a killed service never mixes with the next one.
"""

from __future__ import annotations

import csv
import ctypes
import io
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

from autograder.exercises import EXERCISE_IDS
from autograder.grade.gradebook import safe_id
from autograder.grade.reports import GRADES_COLUMNS
from autograder.service.core import ClaimedAttempt, GradedOutcome, Service

log = logging.getLogger("jaxgrade.service")
MAX_RESULTS_BYTES = 8 * 2**20


class GradeRunFailed(Exception):
    """The grading subprocess did not produce a usable result (a grader fault, never a 0)."""


def materialise(service: Service, attempt: ClaimedAttempt, subs: Path) -> None:
    """One SUBMISSIONS entry for the student, laid out as a TA would: a lone notebook or zip is
    `<id>.ipynb` / `<id>.zip`; several files go in a folder `<id>/` (a zip's extra `.cc` files
    too, which intake reads as the same student). Every file's mtime is the upload time."""
    subs.mkdir(parents=True)
    sid = attempt.student_id
    names = [n for n, _ in attempt.files]
    t = attempt.submitted_at
    zips = [(n, h) for n, h in attempt.files if n.lower().endswith(".zip")]
    if len(names) == 1 and names[0].lower().endswith((".ipynb", ".zip")):
        name, digest = attempt.files[0]
        target = subs / (sid + (".zip" if name.lower().endswith(".zip") else ".ipynb"))
        _write(target, service.blob(digest), t)
        return
    rest = list(attempt.files)
    if zips:
        _write(subs / f"{sid}.zip", service.blob(zips[0][1]), t)
        rest = [(n, h) for n, h in attempt.files if (n, h) != zips[0]]
    folder = subs / sid
    folder.mkdir()
    for name, digest in rest:
        _write(folder / name, service.blob(digest), t)


def _write(path: Path, data: bytes, mtime: float) -> None:
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))


def _die_with_parent() -> None:
    # The grade subprocess must not outlive a killed service (it would grade twice at restart).
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def read_outcome(out: Path, student_id: str) -> GradedOutcome:
    """The attempt's result from a finished batch folder; GradeRunFailed if it is not all there."""
    try:
        text = (out / "grades.csv").read_text(encoding="utf-8")
        results = json.loads((out / safe_id(student_id) / "results.json").read_bytes()[:MAX_RESULTS_BYTES])
        (out / safe_id(student_id) / "feedback.html").stat()
    except (OSError, ValueError) as exc:
        raise GradeRunFailed(f"grade output unreadable: {exc}") from exc
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(rows[0]) != GRADES_COLUMNS or len(rows) != 2:
        raise GradeRunFailed(f"grades.csv has unexpected shape ({len(rows)} rows)")
    cells = rows[1]
    rec = dict(zip(GRADES_COLUMNS, cells, strict=True))
    if rec["total"] == "" or rec["status"] == "grader_error":
        raise GradeRunFailed(f"the batch did not grade the attempt (status {rec['status']!r})")
    exercises = {ex: (float(rec[ex]) if rec[ex] != "" else None) for ex in EXERCISE_IDS}
    subchecks = {str(t["name"]): t.get("status") == "passed" for t in results.get("tests", [])}
    extra = results.get("extra_data", {})
    return GradedOutcome(
        score=float(rec["total"]),
        max_score=float(rec["max_total"]),
        grade_status=str(extra.get("status") or rec["status"]),
        exercises=exercises,
        grades_row=tuple(cells),
        subchecks=subchecks,
        flags=tuple(str(f) for f in extra.get("flags", [])),
        out_dir=str(out.resolve()),
    )


def grade_attempt(service: Service, attempt: ClaimedAttempt) -> GradedOutcome:
    cfg = service.cfg
    base = cfg.attempts_dir / str(attempt.id) / f"try-{attempt.tries}"
    if base.exists():  # a try of the same number from a process that died: start it clean
        shutil.rmtree(base)
    base.mkdir(parents=True)
    subs, out = base / "subs", base / "out"
    materialise(service, attempt, subs)
    cmd = [
        sys.executable,
        "-m",
        "autograder.cli",
        "grade",
        str(subs),
        "--out",
        str(out),
        "--release",
        str(cfg.release.resolve()),
        "--jobs",
        "1",
        *cfg.grade_args,
    ]
    with open(base / "grade.log", "wb") as logf:
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=logf,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        try:
            code = proc.wait(timeout=cfg.grade_timeout_s)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise GradeRunFailed(f"jaxgrade grade did not finish in {cfg.grade_timeout_s:g} s") from None
    if code != 0:
        tail = (base / "grade.log").read_bytes()[-600:].decode("utf-8", "replace")
        raise GradeRunFailed(f"jaxgrade grade exited with {code}: {tail}")
    shutil.rmtree(subs, ignore_errors=True)  # the blobs keep the files; the folder was only for the batch
    return read_outcome(out, attempt.student_id)


class Worker(threading.Thread):
    def __init__(self, service: Service, name: str, stop: threading.Event):
        super().__init__(name=name, daemon=True)
        self.service, self.stop = service, stop

    def run(self) -> None:
        self.service.register_worker(self.name)
        try:
            while not self.stop.is_set():
                try:
                    attempt = self.service.claim_next(self.name)
                except Exception:
                    log.exception("%s: cannot claim from the queue", self.name)
                    self.stop.wait(5.0)
                    continue
                if attempt is None:
                    self.service.wait_for_work(2.0)  # also wakes up for retries whose backoff ended
                    continue
                self.grade(attempt)
        finally:
            self.service.unregister_worker(self.name)

    def grade(self, attempt: ClaimedAttempt) -> None:
        log.info(
            "%s: grading attempt %d of %s (try %d)", self.name, attempt.id, attempt.student_id, attempt.tries
        )
        try:
            outcome = grade_attempt(self.service, attempt)
        except Exception as exc:  # GradeRunFailed or our own bug: the grader's fault either way
            log.warning("%s: attempt %d: grader fault: %s", self.name, attempt.id, exc)
            self.service.finish_grader_error(self.name, attempt.id, f"{type(exc).__name__}: {exc}")
            return
        self.service.finish_graded(self.name, attempt.id, outcome)
        log.info(
            "%s: attempt %d graded: %s %g/%g",
            self.name,
            attempt.id,
            outcome.grade_status,
            outcome.score,
            outcome.max_score,
        )


class WorkerPool:
    def __init__(self, service: Service, n: int):
        self.service, self.n = service, n
        self.stop_event = threading.Event()
        self.threads: list[Worker] = []

    def start(self) -> None:
        for i in range(self.n):
            w = Worker(self.service, f"worker-{i + 1}", self.stop_event)
            w.start()
            self.threads.append(w)

    def stop(self) -> None:
        """Stop claiming; a grade in progress is left to finish or to be requeued at the next start."""
        self.stop_event.set()
        self.service.notify_workers()
