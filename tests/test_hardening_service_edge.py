"""The service's edge, round 5 (issue 43, section 4), on a real `jaxgrade serve` and a real intake pool:

- invalid bearer tokens are throttled as failed log-ins are (per address and per token), while a
  valid token from the same address still gets in;
- an assignment's notebooks and student folder are not handed out before it opens;
- a share of intake's pool is kept for students with nothing else in flight, and their readings go
  to the next free child first, so a few students sending two large notebooks each cannot make a
  student with one ordinary upload wait behind all of theirs or see a 503.
"""

from __future__ import annotations

import errno
import os
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autograder.service.domain.identity.login_backoff import CREDENTIAL_FAILURES
from autograder.service.domain.identity.login_throttle import LOGIN_FAILURES_PER_WINDOW
from autograder.service.records import Refusal
from autograder.service.storage.intake_pool import DEFAULT_PROCESSES, DEFAULT_QUEUE, IntakePool, reading_as
from autograder.service.storage.layout import lay_out

from helpers.browserish import Browserish
from helpers.held_pipe import WAIT_S, entered, make_fifo, reader_started, release_reader, write_course
from helpers.paths import RELEASE
from helpers.served import call, serve, serving, write_roster
from helpers.waiting import wait_for

ROSTER = "student_id,name,email\nn01,学生一,\nn02,学生二,\n"
CH02 = (RELEASE / "ch02_performance.ipynb").read_bytes()


def test_invalid_bearer_tokens_from_one_address_are_throttled_and_a_valid_token_still_gets_in(
    tmp_path: Path,
) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        statuses = [
            call(server, "GET", "/api/submissions/1", token=f"guess-{i}")[0]
            for i in range(LOGIN_FAILURES_PER_WINDOW + 5)
        ]
        assert statuses[:LOGIN_FAILURES_PER_WINDOW] == [401] * LOGIN_FAILURES_PER_WINDOW
        assert set(statuses[LOGIN_FAILURES_PER_WINDOW:]) == {429}, statuses
        status, headers, body = call(server, "GET", "/api/status", token="a-ta-guess")
        assert status == 429 and int(headers["retry-after"]) >= 1, body[:300]
        assert "登录失败次数太多".encode() in body
        # a student behind the same address (a campus NAT) is not locked out by the guesses
        assert call(server, "GET", "/api/submissions/1", token=server.tokens["n01"])[0] == 404
        # a request without any token is no guess: still the plain 401
        assert call(server, "GET", "/api/submissions/1")[0] == 401


def test_one_invalid_bearer_token_tried_again_and_again_is_refused_with_429(tmp_path: Path) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        statuses = [
            call(server, "GET", "/api/submissions/1", token="the-same-guess")[0]
            for _ in range(CREDENTIAL_FAILURES + 1)
        ]
        assert statuses == [401] * CREDENTIAL_FAILURES + [429]
        # a student token on a TA route is not a guess, and counts for nothing
        for _ in range(CREDENTIAL_FAILURES + 1):
            assert call(server, "GET", "/api/status", token=server.tokens["n02"])[0] == 401


def _course(path: Path) -> Path:
    """hw2 (chapter 2) opens tomorrow; hw5 (chapter 5) is open now."""
    now = datetime.now(UTC)
    due = (now + timedelta(days=7)).isoformat(timespec="seconds")
    tomorrow = (now + timedelta(days=1)).isoformat(timespec="seconds")
    path.write_text(
        f'[[assignment]]\nid = "hw2"\ntitle = "第二章作业"\nrelease = "{RELEASE}"\nchapters = ["ch02"]\n'
        f"opens_at = {tomorrow}\ndue_at = {due}\n\n"
        f'[[assignment]]\nid = "hw5"\ntitle = "第五章作业"\nrelease = "{RELEASE}"\nchapters = ["ch05"]\n'
        f"due_at = {due}\n",
        encoding="utf-8",
    )
    return path


def test_notebooks_and_the_student_folder_are_refused_until_the_assignment_opens(tmp_path: Path) -> None:
    roster = write_roster(tmp_path / "roster.csv", ("c01",))
    course = _course(tmp_path / "course.toml")
    server = serve(tmp_path / "data", "--course", str(course), "--roster", str(roster), "--workers", "0")
    try:
        student = Browserish(server.url)
        assert student.log_in(server.tokens["c01"]).status == 303
        for path in ("/student-folder.zip?assignment=hw2", "/notebooks/ch02?assignment=hw2"):
            reply = student.get(path)
            assert reply.status == 403, (path, reply.status)
            assert "还没有开放" in reply.text and "第二章作业" in reply.text, reply.text[:2000]
            assert reply.headers.get("Content-Type", "").startswith("text/html")
        folder = student.get("/student-folder.zip?assignment=hw5")
        assert folder.status == 200 and folder.headers["Content-Type"] == "application/zip"
        assert student.get("/notebooks/ch05?assignment=hw5").status == 200
    finally:
        server.stop()


# -- intake's pool: a share for first uploads


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A named pipe every intake reading of a process started from now on waits for."""
    return make_fifo(tmp_path, monkeypatch)


def _laid_out(tmp_path: Path, name: str) -> Path:
    subs = tmp_path / name
    lay_out(subs, "s", [("hw.ipynb", CH02)], time.time())
    return subs


def _read(pool: IntakePool, subs: Path, *, first: bool, done: list[str]) -> set[str]:
    with reading_as(first=first):
        found = pool.chapters_in(subs)
    done.append(subs.name)
    return found


def _held_by_child(fifo: Path) -> None:
    wait_for("the child to start reading", lambda: reader_started(fifo), timeout=WAIT_S)


def _release_one(fifo: Path) -> None:
    """Let the reading held now go on (its mark is removed first: the next reading writes its own)."""
    _held_by_child(fifo)
    entered(fifo).unlink()
    release_reader(fifo)


def test_a_first_upload_finds_a_place_and_is_read_before_other_students_second_uploads(
    tmp_path: Path, fifo: Path
) -> None:
    pool = IntakePool(processes=1, queue=3, reserve=1)
    done: list[str] = []
    try:
        with ThreadPoolExecutor(4) as threads:
            running = threads.submit(_read, pool, _laid_out(tmp_path, "second-a"), first=False, done=done)
            _held_by_child(fifo)
            waiting = [
                threads.submit(_read, pool, _laid_out(tmp_path, name), first=False, done=done)
                for name in ("second-b", "second-c")
            ]
            wait_for("two later uploads to wait", lambda: pool.busy(first=False), timeout=WAIT_S)
            with pytest.raises(Refusal) as refused, reading_as(first=False):
                pool.chapters_in(_laid_out(tmp_path, "second-d"))
            assert refused.value.http_status == 503 and refused.value.reason == "uploads_busy"
            assert not pool.busy(first=True)  # the reserved place is still there for a first upload
            newcomer = threads.submit(_read, pool, _laid_out(tmp_path, "first"), first=True, done=done)
            wait_for("the first upload to wait", lambda: pool.busy(first=True), timeout=WAIT_S)
            for _ in range(4):  # one child: the readings run one after the other, in the pool's order
                _release_one(fifo)
            results = [f.result(WAIT_S) for f in (running, *waiting, newcomer)]
        assert results == [{"ch02"}] * 4
        assert done == ["second-a", "first", "second-b", "second-c"]
    finally:
        pool.close()


def test_the_served_pool_keeps_a_place_for_a_student_with_nothing_in_flight(
    tmp_path: Path, fifo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JAXGRADE_INTAKE_PROCESSES", "1")
    monkeypatch.setenv("JAXGRADE_INTAKE_QUEUE", "1")
    roster = write_roster(tmp_path / "roster.csv", ("c01", "c02"))
    course = write_course(tmp_path / "course.toml")  # a term: intake reads which chapters an upload holds
    server = serve(tmp_path / "data", "--course", str(course), "--roster", str(roster), "--workers", "0")
    files = [("ch02_performance.ipynb", CH02)]

    def upload(sid: str) -> tuple[int, bytes]:
        path, token = "/api/submissions?assignment=hw2", server.tokens[sid]
        status, _headers, body = call(server, "POST", path, token=token, files=files)
        return status, body

    try:
        with ThreadPoolExecutor(2) as threads:
            held = threads.submit(upload, "c01")
            _held_by_child(fifo)
            # c01's second upload while its first is read: past the share of later uploads
            status, body = upload("c01")
            assert status == 503 and b"uploads_busy" in body, body[:300]
            other = threads.submit(upload, "c02")  # nothing of c02's in flight: it gets the kept place
            _release_one(fifo)
            _release_one(fifo)
            assert held.result(WAIT_S)[0] == 202
            assert other.result(WAIT_S)[0] == 202, other.result()[1][:300]
    finally:
        server.stop()


def _release_all(fifo: Path, readings: list) -> None:
    """Let every held reading go on, the waiting ones too (each opens the pipe when a child takes it)."""
    deadline = time.monotonic() + WAIT_S
    while not all(f.done() for f in readings):
        assert time.monotonic() < deadline, "the readings never ended"
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError as exc:  # ENXIO: no reader in its open() right now
            if exc.errno != errno.ENXIO:
                raise
        time.sleep(0.05)


def test_a_default_pool_full_of_five_students_uploads_still_takes_a_sixth_students_first(
    tmp_path: Path, fifo: Path
) -> None:
    """The issue's case at the pool's defaults (2 readers, 8 waiting places): five students each
    send two uploads; their second uploads take at most the places not kept, the last two are
    refused with 503, and a sixth student's first upload still gets a place and is read (that it is
    read before the waiting second uploads is the one-reader test above)."""
    pool = IntakePool()
    assert (pool.processes, pool.queue) == (DEFAULT_PROCESSES, DEFAULT_QUEUE)
    done: list[str] = []
    readings: list = []
    try:
        with ThreadPoolExecutor(12) as threads:
            try:
                readings += [
                    threads.submit(_read, pool, _laid_out(tmp_path, f"s{n}-{k}"), first=k == 1, done=done)
                    for n in range(1, 4) for k in (1, 2)
                ] + [
                    threads.submit(_read, pool, _laid_out(tmp_path, f"s{n}-1"), first=True, done=done)
                    for n in (4, 5)
                ]  # fmt: skip
                wait_for("eight uploads in the pool", lambda: pool.busy(first=False), timeout=WAIT_S)
                for n in (4, 5):  # a second upload past the share of later uploads: refused at once
                    with pytest.raises(Refusal) as refused, reading_as(first=False):
                        pool.chapters_in(_laid_out(tmp_path, f"s{n}-2"))
                    assert refused.value.http_status == 503 and refused.value.reason == "uploads_busy"
                assert not pool.busy(first=True)
                readings.append(
                    threads.submit(_read, pool, _laid_out(tmp_path, "s6-1"), first=True, done=done)
                )
            finally:  # never leave a reading held: a failed assertion must not hang the executor
                _release_all(fifo, readings)
            assert readings[-1].result(WAIT_S) == {"ch02"}
            assert [f.result(WAIT_S) for f in readings] == [{"ch02"}] * 9
        assert sorted(done) == sorted([*(f"s{n}-1" for n in range(1, 7)), "s1-2", "s2-2", "s3-2"])
    finally:
        pool.close()
