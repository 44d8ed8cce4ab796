"""Every body is bounded as it arrives (issue 32, section 4), on a real `jaxgrade serve` with bodies
written by hand on a socket: a chunked body (no Content-Length) to a student's JSON route and to a
TA route is refused with 413 once it passes the small-body limit; an upload body that stalls
mid-way is cut off with 408 after the idle time; small JSON bodies and uploads within the cap
still work."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from autograder.service.web.body_limit import SMALL_BODY_BYTES

from helpers.raw_http import chunked, connect, post_raw, read_reply, request_head, status_of
from helpers.served import MALFORMED, Served, call, serve, upload, write_roster
from helpers.waiting import wait_for

IDLE_S = 2.0


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("body-limit")
    env = pytest.MonkeyPatch()
    env.setenv("JAXGRADE_BODY_IDLE_S", str(IDLE_S))
    env.setenv("JAXGRADE_MAX_CONCURRENT_UPLOADS", "1")
    try:
        s = serve(
            root / "data", "--roster", str(write_roster(root / "roster.csv", ("b01",))), "--workers", "0"
        )
    finally:
        env.undo()
    try:
        yield s
    finally:
        s.stop()


def body_of(reply: bytes) -> dict:
    return json.loads(reply.split(b"\r\n\r\n", 1)[1].decode())


def big_chunks(total: int) -> Iterator[bytes]:
    piece = b'{"message": "' + b"x" * (64 * 1024)
    for _ in range(total // len(piece) + 1):
        yield piece


@pytest.mark.parametrize("who", ["student", "ta"])
def test_a_chunked_body_over_the_small_limit_is_refused_on_json_routes(served: Served, who: str) -> None:
    token, path = (
        (served.tokens["b01"], "/api/regrade-requests")
        if who == "student"
        else (served.ta, "/api/regrade-runs")
    )
    headers = {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}
    reply = post_raw(served, path, token, headers, chunked(big_chunks(8 * SMALL_BODY_BYTES)))
    assert status_of(reply) == 413, reply[:500]
    doc = body_of(reply)
    assert doc["reason"] == "too_large" and "上限" in doc["message_zh"], doc


def test_small_json_bodies_and_uploads_within_the_cap_still_work(served: Served) -> None:
    token = served.tokens["b01"]
    body = json.dumps({"exercise": "fusion", "message": "为什么?"}).encode()
    status, _, answer = call(
        served, "POST", "/api/regrade-requests", token=token, body=body,
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    assert status == 409, answer  # no graded attempt yet: refused by the route, not by the size
    status, doc = upload(served, "b01", [("b.ipynb", MALFORMED + b" " * (2 * SMALL_BODY_BYTES))])
    assert status == 202, doc  # an upload may be larger than a JSON body


def test_an_upload_that_stalls_mid_body_is_cut_off(served: Served) -> None:
    head, part = stalled_upload(served)
    with connect(served) as s:
        s.settimeout(max(30.0, 10 * IDLE_S))  # a bound on a hung server, not a timing assertion
        s.sendall(head + part)  # ...and nothing more
        began = time.monotonic()
        try:
            reply = read_reply(s)
        except TimeoutError:
            reply = b""
        waited = time.monotonic() - began
    assert status_of(reply) == 408, (reply[:500], waited)
    assert body_of(reply)["reason"] == "body_stalled"
    assert spool_files(served.data) == []  # the stalled upload's spool files are gone


def stalled_upload(served: Served) -> tuple[bytes, bytes]:
    """The head of an upload declaring 200,000 bytes, and the first 1,000 of them."""
    boundary = "jaxgrade-stall"
    head = request_head(
        "/api/submissions",
        served.tokens["b01"],
        {"Content-Type": f"multipart/form-data; boundary={boundary}", "Content-Length": "200000"},
    )
    part = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.ipynb"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + b"{" * 1000
    return head, part


def test_uploads_past_the_concurrency_cap_are_refused_before_their_body(served: Served) -> None:
    head, part = stalled_upload(served)  # the service allows one upload at a time here
    with connect(served) as s:
        s.sendall(head + part)
        wait_for("the first upload's spool file", lambda: spool_files(served.data) != [], 60)
        status, doc = upload(served, "b01", [("b.ipynb", MALFORMED)])
        assert status == 503 and doc["reason"] == "uploads_busy" and doc["message_zh"], doc
    # once the first upload has ended (its client gone), the next one is admitted
    admitted = wait_for(
        "an upload admitted",
        lambda: (r := upload(served, "b01", [("b.ipynb", MALFORMED)]))[0] != 503 and r,
        60,
    )
    assert admitted[0] == 202, admitted  # type: ignore[index]


def spool_files(data: Path) -> list[Path]:
    return [p for p in (data / "spool").rglob("*") if p.is_file()]
