"""A refused upload keeps no byte: not in the blob store, not in the temp folder (real `jaxgrade serve`).

Refusals tried: a bad token (401), over the attempt limit (429, also when several uploads race past
the early check at once), over the per-student storage quota (413), after the deadline (403).

The spool (`DIR/spool/`, 0700, where bodies stream to): one server of a term (hw2: chapter 2, hw5:
chapter 5) takes N refused uploads of each kind that reads the body: over the cap without a
Content-Length (chunked), a Content-Length shorter than the multipart body it cuts, too many parts,
broken multipart, a client gone half way through the body, files refused by the upload rules or of
another assignment's chapter; and 429s after the rate limit. After each kind the blob store, the
attempts and audit rows, `DIR/attempts/`, the spool and the service's temp folder (its TMPDIR) are
as before. A spool file left by a crash is swept at start-up.
"""

from __future__ import annotations

import io
import json
import os
import socket
import sqlite3
import stat
import time
import zipfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autograder.service.storage.spool import Spool

from helpers.held_pipe import write_course
from helpers.paths import RELEASE
from helpers.raw_http import chunked, connect, post_raw, request_head, send_all, status_of
from helpers.served import MALFORMED, Served, call, serve, write_roster

RACERS = 8
N = 10  # refused uploads of each kind
CAP_MB = 2  # the spool test needs an upload larger than every file the service has written (about 1 MB)
WAIT_S = 60  # a bound on a hung server, not a timing assertion
SPOOL_STUDENTS = ("s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08")
CH05 = ("ch05_interop.ipynb", (RELEASE / "ch05_interop.ipynb").read_bytes())


def notebook(tag: str, size: int) -> list[tuple[str, bytes]]:
    """A unique upload of about `size` bytes (unique content: one blob per upload if stored)."""
    head = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, "pad": "'
    return [("hw.ipynb", head + tag.encode() + b"x" * max(0, size - len(head)) + b'"}')]


def stored(folder: Path) -> tuple[int, int]:
    """(files, bytes) under `folder`, every kind of file counted."""
    files = [p for p in folder.rglob("*") if p.is_file() or p.is_symlink()]
    return len(files), sum(p.lstat().st_size for p in files)


def post(served, token: str, files: list[tuple[str, bytes]]) -> int:  # type: ignore[no-untyped-def]
    return call(served, "POST", "/api/submissions", token=token, files=files)[0]


def test_refused_uploads_keep_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    roster = write_roster(tmp_path / "roster.csv", ("r01", "q01"))
    served = serve(
        tmp_path / "data",
        "--roster",
        str(roster),
        "--workers",
        "0",
        "--max-attempts-per-hour",
        "2",
        "--max-student-storage-mb",
        "1",
    )
    try:
        blobs = served.data / "blobs"
        tokens = served.tokens
        with ThreadPoolExecutor(RACERS) as pool:
            codes = list(
                pool.map(lambda i: post(served, tokens["r01"], notebook(f"race{i}", 200_000)), range(RACERS))
            )
        assert sorted(codes) == [202, 202] + [429] * (RACERS - 2), codes
        # Two accepted uploads, one blob each: the six refused racers kept nothing.
        assert stored(blobs)[0] == 2, sorted(p.name for p in blobs.rglob("*") if p.is_file())
        before_blobs, before_tmp = stored(blobs), stored(tmp)

        assert post(served, "not-a-token", notebook("bad-token", 100_000)) == 401
        assert post(served, tokens["r01"], notebook("over-rate", 100_000)) == 429
        status, _, body = call(
            served, "POST", "/api/submissions", token=tokens["q01"], files=notebook("over-quota", 1_200_000)
        )
        doc = json.loads(body)  # the Chinese text, not the message key, is what the student reads
        assert status == 413 and doc["reason"] == "storage_quota" and "存储额度" in doc["message_zh"], doc
        assert stored(blobs) == before_blobs
        assert stored(tmp) == before_tmp
        assert post(served, tokens["q01"], notebook("fits", 500_000)) == 202
    finally:
        served.stop()


def test_uploads_after_the_deadline_keep_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))
    past = datetime.now(UTC) - timedelta(days=1)
    roster = write_roster(tmp_path / "roster.csv", ("d01",))
    served = serve(
        tmp_path / "data",
        "--roster",
        str(roster),
        "--workers",
        "0",
        "--deadline",
        (past - timedelta(hours=1)).isoformat(),
        "--late-until",
        past.isoformat(),
    )
    try:
        before_tmp = stored(tmp)
        for i in range(4):
            assert post(served, served.tokens["d01"], notebook(f"late{i}", 200_000)) == 403
        blobs = served.data / "blobs"
        assert not blobs.exists() or stored(blobs) == (0, 0)
        assert stored(tmp) == before_tmp
        assert os.listdir(served.data / "attempts") == [] if (served.data / "attempts").exists() else True
    finally:
        served.stop()


# ---------------------------------------------------------------------------------------------
# The spool: refused uploads whose body the service reads (one server of a term for all kinds)

B = "spoolboundary"  # the boundary of the hand-written bodies


@dataclass
class Spooled:
    served: Served
    tmp: Path  # the service's TMPDIR
    stale_swept: bool  # a spool file and folder older than the sweep age were gone after start-up
    fresh_kept: bool  # a fresh spool file (another process's upload in flight) was left alone


@pytest.fixture(scope="module")
def spooled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Spooled]:
    root = tmp_path_factory.mktemp("spooled")
    tmp = root / "tmp"
    tmp.mkdir()
    spool = root / "data" / "spool"
    (spool / "jaxgrade-upload-crashed").mkdir(parents=True)
    (spool / "jaxgrade-upload-crashed" / "s.ipynb").write_bytes(b"{}")
    (spool / "part-crashed").write_bytes(b"x" * 1000)
    (spool / "part-in-flight").write_bytes(b"y" * 1000)
    old = time.time() - 2 * 86400
    for stale in (spool / "part-crashed", spool / "jaxgrade-upload-crashed"):
        os.utime(stale, (old, old))
    roster = write_roster(root / "roster.csv", SPOOL_STUDENTS)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TMPDIR", str(tmp))  # the service's tempfile.gettempdir(), watched by the tests
        served = serve(
            root / "data",
            "--course",
            str(write_course(root / "course.toml")),
            "--roster",
            str(roster),
            "--workers",
            "0",
            "--max-attempts-per-hour",
            "2",
            "--max-upload-mb",
            str(CAP_MB),
        )
    swept = not (spool / "part-crashed").exists() and not (spool / "jaxgrade-upload-crashed").exists()
    fresh = (spool / "part-in-flight").is_file()
    (spool / "part-in-flight").unlink(missing_ok=True)  # the tests below expect an empty spool
    yield Spooled(served, tmp, swept, fresh)
    served.stop()


def listing(folder: Path) -> list[tuple[str, int]]:
    """Every entry under `folder` with its size (empty for a folder that does not exist)."""
    found = []
    for p in folder.rglob("*"):
        try:
            found.append((str(p.relative_to(folder)), p.lstat().st_size))
        except FileNotFoundError:  # the server removed it between the listing and the stat
            continue
    return sorted(found)


def kept(sp: Spooled) -> dict[str, object]:
    """What the service keeps: blobs, attempt folders, its temp folder, attempts and audit rows."""
    data = sp.served.data
    db = sqlite3.connect(f"file:{data / 'service.sqlite'}?mode=ro", uri=True)
    try:
        rows = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("attempts", "audit_log")}
    finally:
        db.close()
    return {
        "blobs": listing(data / "blobs"),
        "attempts/": listing(data / "attempts"),
        "tmp": listing(sp.tmp),
    } | rows


def spool_of(sp: Spooled) -> Path:
    return sp.served.data / "spool"


def wait_until(what: str, done: Callable[[], bool]) -> None:
    end = time.monotonic() + WAIT_S
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"not within {WAIT_S} s: {what}")
        time.sleep(0.05)


@contextmanager
def nothing_kept(sp: Spooled) -> Iterator[None]:
    before = kept(sp)
    yield
    assert listing(spool_of(sp)) == [], "spool files left after refused uploads"
    assert kept(sp) == before


def part_head(name: str, filename: str | None) -> bytes:
    disp = f'form-data; name="{name}"' + ("" if filename is None else f'; filename="{filename}"')
    return f"--{B}\r\nContent-Disposition: {disp}\r\n\r\n".encode()


def post_body(sp: Spooled, sid: str, body: bytes) -> tuple[int, bytes]:
    headers = {"Content-Type": f"multipart/form-data; boundary={B}"}
    status, _, reply = call(
        sp.served,
        "POST",
        "/api/submissions?assignment=hw2",
        token=sp.served.tokens[sid],
        body=body,
        headers=headers,
    )
    return status, reply


def test_the_spool_is_private_and_swept_of_a_crashs_leftovers_at_start(spooled: Spooled) -> None:
    spool = spool_of(spooled)
    assert spool.is_dir() and stat.S_IMODE(spool.stat().st_mode) == 0o700
    assert spooled.stale_swept and spooled.fresh_kept


def test_spool_files_go_on_every_path_out_of_a_request(tmp_path: Path) -> None:
    """The spool's own promise, without a server: a request's files are removed when its block ends,
    also by an exception; the sweep takes only what is older than its age."""
    spool = Spool(tmp_path / "spool")
    with pytest.raises(RuntimeError), spool.parts() as files:
        files.new().write(b"half a body")
        raise RuntimeError("client gone")
    with spool.parts() as files:
        part = files.new()
        part.write(b"abc")
        assert part.read_bytes() == b"abc" and part.path.parent == spool.root
        part.path.unlink()  # swept by another process's start-up: still read back whole
        assert part.read_bytes() == b"abc"
    assert listing(spool.root) == []
    (spool.root / "part-fresh").write_bytes(b"x")
    assert spool.sweep() == 0 and spool.sweep(older_than_s=-1) == 1 and listing(spool.root) == []


def test_chunked_bodies_over_the_cap_keep_nothing(spooled: Spooled) -> None:
    piece = b"x" * 65536
    pieces = [part_head("files", "big.ipynb") + piece] + [piece] * (CAP_MB * 16 + 4)  # past cap + envelope
    head = {"Content-Type": f"multipart/form-data; boundary={B}", "Transfer-Encoding": "chunked"}
    with nothing_kept(spooled):
        for _ in range(N):
            reply = post_raw(
                spooled.served,
                "/api/submissions?assignment=hw2",
                spooled.served.tokens["s01"],
                head,
                chunked(pieces),
            )
            assert status_of(reply) == 413, reply[:200]


def test_a_content_length_that_cuts_the_body_keeps_nothing(spooled: Spooled) -> None:
    """The declared length ends inside the second file: the first is whole, the upload is not."""
    for i in range(N):
        whole = part_head("files", "hw.ipynb") + notebook(f"lie{i}", 2000)[0][1] + b"\r\n"
        cut = part_head("files", "more.ipynb") + b"z" * 100_000
        body = whole + cut + f"\r\n--{B}--\r\n".encode()
        declared = len(whole) + len(cut) // 2
        head = {"Content-Type": f"multipart/form-data; boundary={B}", "Content-Length": str(declared)}
        with nothing_kept(spooled):
            reply = post_raw(
                spooled.served,
                "/api/submissions?assignment=hw2",
                spooled.served.tokens["s02"],
                head,
                [body[:declared]],
            )
            assert status_of(reply) == 400, reply[:300]


def test_too_many_parts_keep_nothing(spooled: Spooled) -> None:
    files = [(f"n{i}.ipynb", MALFORMED) for i in range(21)]  # the default cap is 20 files
    fields = b"".join(part_head(f"f{i}", None) + b"v\r\n" for i in range(40)) + f"--{B}--\r\n".encode()
    with nothing_kept(spooled):
        for i in range(N):
            if i % 2:
                status, reply = post_body(spooled, "s03", fields)
            else:
                status, _, reply = call(
                    spooled.served,
                    "POST",
                    "/api/submissions?assignment=hw2",
                    token=spooled.served.tokens["s03"],
                    files=files,
                )
            assert status == 413, reply


def test_broken_multipart_keeps_nothing(spooled: Spooled) -> None:
    data = part_head("files", "hw.ipynb") + b"x" * 100_000
    bodies = (
        data + f"\r\n--{B}\r\nno colon in this header\r\n\r\n".encode(),  # a parse error mid-body
        data,  # no closing boundary
        data.replace(B.encode(), b"another"),  # not the declared boundary
    )
    with nothing_kept(spooled):
        for i in range(N):
            status, reply = post_body(spooled, "s04", bodies[i % len(bodies)])
            assert status == 400, reply


def test_a_client_gone_mid_body_keeps_nothing(spooled: Spooled) -> None:
    """Half the declared body is sent; once its file is in the spool the client closes (a FIN, or a
    reset every other time). The server drops the file without anyone to answer."""
    declared = 600_000
    head = {"Content-Type": f"multipart/form-data; boundary={B}", "Content-Length": str(declared)}
    half = part_head("files", "hw.ipynb") + b"x" * (declared // 2)
    spool = spool_of(spooled)
    with nothing_kept(spooled):
        for i in range(N):
            s = connect(spooled.served)
            try:
                s.sendall(request_head("/api/submissions?assignment=hw2", spooled.served.tokens["s05"], head))
                send_all(s, [half])
                wait_until("the body's file is in the spool while it streams", lambda: listing(spool) != [])
                if i % 2:
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            finally:
                s.close()
            wait_until("the abandoned body's file is removed", lambda: listing(spool) == [])


def _zip(name: str, data: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(name, data)
    return buf.getvalue()


def test_uploads_refused_on_their_files_keep_nothing(spooled: Spooled) -> None:
    """Read whole, then refused by the upload rules or the chapters check (422)."""
    uploads = (
        [CH05],  # another assignment's chapter (hw2 is chapter 2)
        [("evil.exe", b"MZ" + b"\0" * 1000)],
        [("empty.ipynb", b"")],
        [("a.zip", _zip("a.ipynb", MALFORMED)), ("b.ipynb", MALFORMED)],
        [("silu.cc", b"int x;")],
    )
    with nothing_kept(spooled):
        for i in range(N):
            status, _, reply = call(
                spooled.served,
                "POST",
                "/api/submissions?assignment=hw2",
                token=spooled.served.tokens["s06"],
                files=uploads[i % len(uploads)],
            )
            assert status == 422, reply


def test_uploads_over_the_rate_limit_keep_nothing(spooled: Spooled) -> None:
    token = spooled.served.tokens["s08"]
    path = "/api/submissions?assignment=hw2"
    for i in range(2):  # --max-attempts-per-hour 2
        assert call(spooled.served, "POST", path, token=token, files=notebook(f"ok{i}", 1000))[0] == 202
    assert listing(spool_of(spooled)) == []  # accepted ones too leave the spool empty
    with nothing_kept(spooled):
        for i in range(N):
            status, _, reply = call(
                spooled.served, "POST", path, token=token, files=notebook(f"rate{i}", 200_000)
            )
            assert status == 429, reply


def test_a_spool_that_cannot_be_written_is_a_503_that_keeps_nothing(spooled: Spooled) -> None:
    """The disk filling up mid-upload, made real with a file size limit (RLIMIT_FSIZE) on the
    service process: the student gets a 503 in Chinese that says nothing was kept, and nothing is."""
    import resource

    pid = spooled.served.proc.pid
    data_files = [p for p in spooled.served.data.rglob("*") if p.is_file()] + [spooled.served.log]
    limit = max(600_000, max(p.stat().st_size for p in data_files) + 100_000)
    size = limit + 150_000  # the spooled file outgrows the limit; the body stays under the cap
    assert size < CAP_MB * 2**20, f"the service's files grew too large for this test: {limit}"
    soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    token = spooled.served.tokens["s07"]
    try:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (limit, hard))
        with nothing_kept(spooled):
            for i in range(3):
                status, headers, reply = call(
                    spooled.served,
                    "POST",
                    "/api/submissions?assignment=hw2",
                    token=token,
                    files=notebook(f"full{i}", size),
                )
                doc = json.loads(reply)
                assert status == 503 and doc["reason"] == "spool_full", doc
                assert "没有被保存" in doc["message_zh"] and headers.get("retry-after") == "60", doc
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))
    accepted = call(
        spooled.served, "POST", "/api/submissions?assignment=hw2", token=token, files=notebook("ok", size)
    )
    assert accepted[0] == 202, accepted  # the same upload once the disk has room: nothing was held against it
    assert "upload spool write failed" in spooled.served.log.read_text(encoding="utf-8")
