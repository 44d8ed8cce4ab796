"""The event loop never blocks on an upload, and refused uploads cost the student who sent them
(issue 32, sections 3 and 4), on a real `jaxgrade serve`.

Intake is made as slow as the test wants by `helpers/hold_intake/sitecustomize.py`, loaded by the
server process itself: each `UploadIntake.submit` waits for a file the test creates. While one is
held, other requests (a static file, the TA's status) must still be answered; a student's second
upload at once is refused; another student's upload goes ahead. Uploads refused on their contents
fill a bucket of their own, after which the student's next body is not read.
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.paths import REPO
from helpers.served import MALFORMED, Served, call, serve, upload, write_roster
from helpers.waiting import wait_for

HOLD_SITE = REPO / "tests" / "helpers" / "hold_intake"
REFUSALS = 3


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("event-loop")
    env = pytest.MonkeyPatch()
    env.setenv("PYTHONPATH", str(HOLD_SITE))
    env.setenv("JAXGRADE_TEST_HOLD_INTAKE", str(root / "hold"))
    env.setenv("JAXGRADE_MAX_UPLOADS_PER_STUDENT", "1")
    env.setenv("JAXGRADE_MAX_REFUSED_UPLOADS_PER_HOUR", str(REFUSALS))
    try:
        roster = write_roster(root / "roster.csv", ("b01", "b02", "b03"))
        s = serve(root / "data", "--roster", str(roster), "--workers", "0")
    finally:
        env.undo()
    (root / "hold").touch()  # intake runs freely unless a test removes the file
    try:
        yield s
    finally:
        s.stop()


class HeldUpload(threading.Thread):
    def __init__(self, served: Served, sid: str) -> None:
        super().__init__(daemon=True)
        self.served, self.sid = served, sid
        self.result: tuple[int, dict] | None = None

    def run(self) -> None:
        self.result = upload(self.served, self.sid, [("a.ipynb", MALFORMED)])


@pytest.fixture
def hold(served: Served) -> Iterator[Path]:
    """Intake is held from now until the test ends (or creates the file itself)."""
    path = served.data.parent / "hold"
    entered = Path(f"{path}.entered")
    path.unlink()
    entered.unlink(missing_ok=True)
    try:
        yield entered
    finally:
        path.touch()


def test_other_requests_are_answered_while_an_intake_runs(served: Served, hold: Path) -> None:
    held = HeldUpload(served, "b01")
    held.start()
    wait_for("the upload to reach intake", hold.exists, timeout=60)
    with urllib.request.urlopen(served.url + "/static/style.css", timeout=20) as r:  # a blocked loop: timeout
        assert r.status == 200 and r.read()
    status, _, body = call(served, "GET", "/api/status", token=served.ta)
    assert status == 200, body
    assert held.is_alive() and held.result is None  # the intake was still held meanwhile
    (served.data.parent / "hold").touch()
    held.join(60)
    assert held.result is not None and held.result[0] == 202, held.result


def test_a_students_second_upload_at_once_is_refused_and_others_go_ahead(served: Served, hold: Path) -> None:
    first = HeldUpload(served, "b01")
    first.start()
    wait_for("the first upload to reach intake", hold.exists, timeout=60)
    status, doc = upload(served, "b01", [("a.ipynb", MALFORMED)])
    assert status == 429 and doc["reason"] == "uploads_in_progress" and doc["message_zh"], doc
    other = HeldUpload(served, "b02")
    other.start()
    (served.data.parent / "hold").touch()
    first.join(60)
    other.join(60)
    assert first.result is not None and first.result[0] == 202, first.result
    assert other.result is not None and other.result[0] == 202, other.result
    assert upload(served, "b01", [("a.ipynb", MALFORMED)])[0] == 202  # the first one is done


def test_refused_uploads_fill_a_bucket_of_their_own(served: Served) -> None:
    for _ in range(REFUSALS):
        status, doc = upload(served, "b03", [("notes.txt", b"not a notebook")])
        assert status == 422 and doc["reason"] == "bad_type", doc
    status, headers, body = call(
        served, "POST", "/api/submissions", token=served.tokens["b03"], files=[("a.ipynb", MALFORMED)]
    )
    doc = json.loads(body)
    assert status == 429 and doc["reason"] == "refused_uploads", doc
    assert "被拒绝" in doc["message_zh"] and int(headers["retry-after"]) > 0
    assert upload(served, "b02", [("a.ipynb", MALFORMED)])[0] == 202  # another student's bucket is empty
