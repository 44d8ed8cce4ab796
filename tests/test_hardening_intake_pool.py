"""Intake's reading of an upload runs in another process, so it never holds the event loop (issue 32,
section 3), on a real `jaxgrade serve` and a real process pool.

Intake parses a big notebook in C code that keeps the interpreter lock: in a thread of the service's
process, no other thread (the event loop included) runs Python meanwhile. `helpers/hold_intake/
sitecustomize.py` makes intake's reading do the same for as long as a test wants: it blocks in a
C call that keeps the lock until the test opens a named pipe. An upload to one assignment of a term
(hw2: chapter 2) has its chapters read by intake; while that reading is held, a static file must
be answered, and the upload must still be waiting when it is. On a service that reads in its own
process, the page waits for the intake.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from autograder.service.records import Refusal
from autograder.service.storage.intake_pool import IntakePool
from autograder.service.storage.layout import lay_out

from helpers.browserish import Browserish
from helpers.held_pipe import WAIT_S, entered, make_fifo, reader_started, release_reader, write_course
from helpers.paths import RELEASE
from helpers.served import Served, call, serve, write_roster
from helpers.waiting import wait_for

CH02 = (RELEASE / "ch02_performance.ipynb").read_bytes()


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A named pipe every intake reading of a process started from now on waits for, lock held."""
    yield make_fifo(tmp_path, monkeypatch)


@pytest.fixture
def term(tmp_path: Path, fifo: Path) -> Iterator[Served]:
    roster = write_roster(tmp_path / "roster.csv", ("c01",))
    course = write_course(tmp_path / "course.toml")
    s = serve(tmp_path / "data", "--course", str(course), "--roster", str(roster), "--workers", "0")
    try:
        yield s
    finally:
        try:  # a test that failed half way leaves its intake held
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass  # ENXIO: no intake is held
        s.stop()


def test_a_page_is_answered_while_intake_holds_the_interpreter_lock(term: Served, fifo: Path) -> None:
    done: list[str] = []
    uploaded: list[tuple[int, dict]] = []
    released = threading.Event()

    def send() -> None:
        uploaded.append(upload_to_hw2(term, [("hw.ipynb", CH02)]))
        done.append("upload")

    def page() -> None:
        with urllib.request.urlopen(term.url + "/static/style.css", timeout=WAIT_S) as r:
            assert r.status == 200 and r.read()
        done.append("page after intake went on" if released.is_set() else "page while intake was held")

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    wait_for("the upload to reach intake", lambda: reader_started(fifo), timeout=WAIT_S)
    reader_pid = int(entered(fifo).read_text())
    getter = threading.Thread(target=page, daemon=True)
    getter.start()
    getter.join(WAIT_S)
    released.set()
    release_reader(fifo)
    sender.join(WAIT_S)
    getter.join(WAIT_S)
    assert done == ["page while intake was held", "upload"], f"the page waited for intake: {done}"
    assert reader_pid != term.proc.pid  # intake read the upload in another process
    assert uploaded and uploaded[0][0] == 202, uploaded  # a chapter-2 notebook for hw2 is accepted


def test_a_page_is_answered_while_a_rubric_pages_post_writes_to_the_database(
    term: Served, fifo: Path
) -> None:
    ta = Browserish(term.url)
    assert ta.log_in(term.ta).status == 303
    csrf = ta.get("/ta/quiz/hw2/ch02.q1").csrf()
    done: list[str] = []
    released = threading.Event()

    def show_names() -> None:  # its audit entry is held (helpers/hold_intake/sitecustomize.py)
        reply = ta.post_form("/ta/quiz/hw2/ch02.q1/names", {"csrf_token": csrf})
        done.append(f"names {reply.status}")

    def page() -> None:
        with urllib.request.urlopen(term.url + "/static/style.css", timeout=WAIT_S) as r:
            assert r.status == 200 and r.read()
        done.append("page after the write went on" if released.is_set() else "page while the write was held")

    poster = threading.Thread(target=show_names, daemon=True)
    poster.start()
    wait_for("the names' audit entry to be written", lambda: reader_started(fifo), timeout=WAIT_S)
    getter = threading.Thread(target=page, daemon=True)
    getter.start()
    getter.join(WAIT_S)
    released.set()
    release_reader(fifo)
    poster.join(WAIT_S)
    getter.join(WAIT_S)
    assert done == ["page while the write was held", "names 303"], f"the page waited for the write: {done}"


def upload_to_hw2(served: Served, files: list[tuple[str, bytes]]) -> tuple[int, dict]:
    path = "/api/submissions?assignment=hw2"
    status, _headers, body = call(served, "POST", path, token=served.tokens["c01"], files=files)
    return status, json.loads(body)


def laid_out(tmp_path: Path, name: str, data: bytes) -> Path:
    subs = tmp_path / name
    lay_out(subs, "s", [("hw.ipynb", data)], time.time())
    return subs


def test_the_pool_refuses_past_its_bound_and_survives_a_dead_child(tmp_path: Path, fifo: Path) -> None:
    pool = IntakePool(processes=1, queue=0)
    try:
        with ThreadPoolExecutor(1) as threads:
            held = threads.submit(pool.chapters_in, laid_out(tmp_path, "held", CH02))
            wait_for("the child to start reading", lambda: reader_started(fifo), timeout=WAIT_S)
            assert pool.busy()
            with pytest.raises(Refusal) as refused:
                pool.chapters_in(laid_out(tmp_path, "one-more", CH02))
            assert refused.value.http_status == 503 and refused.value.reason == "uploads_busy"
            assert refused.value.retry_after and refused.value.message_zh
            release_reader(fifo)
            assert held.result(WAIT_S) == {"ch02"}
            assert not pool.busy()

            entered(fifo).unlink()
            doomed = threads.submit(pool.chapters_in, laid_out(tmp_path, "doomed", CH02))
            wait_for("the child to start reading", lambda: reader_started(fifo), timeout=WAIT_S)
            child = int(entered(fifo).read_text())
            assert child != os.getpid()
            os.kill(child, signal.SIGKILL)  # a child killed mid-reading: the service's fault, a 503
            with pytest.raises(Refusal) as died:
                doomed.result(WAIT_S)
            assert died.value.http_status == 503 and died.value.reason == "uploads_busy"

            entered(fifo).unlink()
            again = threads.submit(pool.chapters_in, laid_out(tmp_path, "again", CH02))
            wait_for("a new child to start reading", lambda: reader_started(fifo), timeout=WAIT_S)
            release_reader(fifo)
            assert again.result(WAIT_S) == {"ch02"}
    finally:
        pool.close()
