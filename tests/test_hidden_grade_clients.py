"""Before a grade is released every client says the same thing (issue 34 §3): the service's
hidden-grade message ("已评分。成绩将在助教公布后显示。"), never 已评分 above an empty score table,
nor "graded" then a feedback download that fails as if it were not graded.

The attempt document is the service's own (`service.student_views.attempt(...).to_json()`, the body of
GET /api/submissions/<id>) for a graded attempt of hw5 (`on_release`, not released). The terminal
client runs as the lone script a release ships, against a loopback HTTP server that answers with
that document; the notebook cell's HTML is rendered from the same document.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from jaxcourse import notebook_submit

from helpers.ledger_term import make_term

REPO = Path(__file__).resolve().parents[1]
HIDDEN_ZH = "已评分。成绩将在助教公布后显示。"


@pytest.fixture(scope="module")
def hidden_attempt(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    term = make_term(tmp_path_factory.mktemp("hidden-clients"))
    try:
        aid = term.upload("s01", "hw5", {"reduce_sum_rules": 10.0, "silu_ffi": 7.5})
        doc = term.service.student_views.attempt("s01", aid).to_json()
    finally:
        term.service.close()
    return json.loads(json.dumps(doc))


def test_the_api_says_graded_and_when_the_grade_shows(hidden_attempt: dict[str, Any]) -> None:
    assert hidden_attempt["status"] == "graded" and hidden_attempt["grades_hidden"] == HIDDEN_ZH
    assert hidden_attempt["score"] is None and hidden_attempt["exercises"] == {}


@pytest.fixture
def service_answering(hidden_attempt: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    """A loopback server that answers the client's upload and status requests with the document."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            seen.append(f"{self.command} {self.path}")
            if self.path.endswith("/feedback"):
                status, body = 404, {"message": "no feedback yet", "message_zh": "成绩和评分反馈尚未公布。"}
            else:
                status, body = (202 if self.command == "POST" else 200), hidden_attempt
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = _answer

        def log_message(self, format: str, *args: object) -> None:
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}", seen
    srv.shutdown()
    srv.server_close()


def test_the_terminal_client_prints_the_message_and_fetches_no_feedback(
    service_answering: tuple[str, list[str]], tmp_path: Path
) -> None:
    server, seen = service_answering
    nb = tmp_path / "ch05_interop.ipynb"
    nb.write_text("{}", encoding="utf-8")
    base = {k: v for k, v in os.environ.items() if k != "JAXGRADE_TOKEN"}
    done = subprocess.run(
        [sys.executable, str(REPO / "jaxcourse" / "_submit_client.py"), "--server", server, str(nb)],
        env={**base, "JAXGRADE_TOKEN": "tok-" + "s" * 40},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert HIDDEN_ZH in done.stdout and "无法下载" not in done.stdout and "状态" not in done.stdout
    assert not [s for s in seen if s.endswith("/feedback")]  # nothing pretends it could be read
    assert not list(tmp_path.glob("jaxgrade-feedback-*.html"))


def test_the_notebook_cell_shows_the_message_not_an_empty_table(hidden_attempt: dict[str, Any]) -> None:
    shown = notebook_submit.result_html(hidden_attempt, None, "http://127.0.0.1/attempts/1")
    assert HIDDEN_ZH in shown and "<table" not in shown and "详细反馈" not in shown
