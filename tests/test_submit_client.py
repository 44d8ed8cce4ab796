"""`jaxgrade submit` against real loopback HTTP servers: where the token comes from, plain http, and
redirects. "Another host" is another scheme + host:port: the redirect target here is a second
loopback server on another port, which must never see the Authorization header."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from autograder.commands import submit as submit_client

REPO = Path(__file__).resolve().parents[1]
TOKEN = "tok-" + "s" * 40


class Recorder(BaseHTTPRequestHandler):
    """Records each request's path and Authorization; answers as the service would, or redirects."""

    seen: list[tuple[int, str, str | None]]  # (port, path, Authorization)
    redirect_to: str | None = None

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.seen.append((self.server.server_address[1], self.path, self.headers.get("Authorization")))
        if self.redirect_to is not None:
            self.send_response(303)  # urllib follows 303 after a POST (as a GET)
            self.send_header("Location", self.redirect_to + self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = json.dumps({"id": 1, "status": "queued", "message": "x"}).encode()
        self.send_response(202 if self.command == "POST" else 200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


def _server(seen: list, redirect_to: str | None) -> ThreadingHTTPServer:  # type: ignore[type-arg]
    handler = type("H", (Recorder,), {"seen": seen, "redirect_to": redirect_to})
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


@pytest.fixture()
def hosts() -> Iterator[tuple[str, str, list]]:  # type: ignore[type-arg]
    seen: list[tuple[int, str, str | None]] = []
    other = _server(seen, None)
    other_url = f"http://127.0.0.1:{other.server_address[1]}"
    first = _server(seen, other_url)
    yield f"http://127.0.0.1:{first.server_address[1]}", other_url, seen
    for srv in (first, other):
        srv.shutdown()
        srv.server_close()


def submit(
    tmp_path: Path, server: str, *extra: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    nb = tmp_path / "hw.ipynb"
    nb.write_text("{}", encoding="utf-8")
    script = REPO / "jaxcourse" / "_submit_client.py"  # what a release ships; it runs as a lone script
    base = {k: v for k, v in os.environ.items() if k != "JAXGRADE_TOKEN"}
    return subprocess.run(
        [sys.executable, str(script), "--server", server, "--no-wait", *extra, str(nb)],
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_authorization_is_not_forwarded_to_another_port(tmp_path: Path, hosts) -> None:  # type: ignore[no-untyped-def]
    first, other, seen = hosts
    done = submit(tmp_path, first, env={"JAXGRADE_TOKEN": TOKEN})
    first_port, other_port = int(first.rsplit(":", 1)[1]), int(other.rsplit(":", 1)[1])
    assert (first_port, "/api/submissions", f"Bearer {TOKEN}") in seen, (seen, done.stderr)
    to_other = [s for s in seen if s[0] == other_port]
    assert to_other, (seen, done.stderr)  # the redirect was followed ...
    assert all(auth is None for _, _, auth in to_other), seen  # ... without the credential


def test_token_from_env_or_private_file_never_argv(tmp_path: Path, hosts) -> None:  # type: ignore[no-untyped-def]
    _, other, seen = hosts
    argv = submit(tmp_path, other, "--token", TOKEN)
    assert argv.returncode == 2 and "--token is refused" in argv.stderr and not seen
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n", encoding="utf-8")
    token_file.chmod(0o644)
    loose = submit(tmp_path, other, "--token-file", str(token_file))
    assert loose.returncode == 2 and "chmod 600" in loose.stderr and not seen
    token_file.chmod(0o600)
    ok = submit(tmp_path, other, "--token-file", str(token_file))
    assert ok.returncode == 0, ok.stderr
    assert seen[0][2] == f"Bearer {TOKEN}"


@pytest.mark.parametrize("server", ["http://grader.invalid", "http://10.255.255.1.invalid:8000", "ftp://x"])
def test_plain_http_is_refused_except_to_loopback(tmp_path: Path, server: str) -> None:
    done = submit(tmp_path, server, env={"JAXGRADE_TOKEN": TOKEN})
    assert done.returncode == 2 and "--server must" in done.stderr, done.stderr


def test_loopback_names() -> None:
    assert submit_client.server_problem("http://127.0.0.1:8000") is None
    assert submit_client.server_problem("http://[::1]:8000") is None
    assert submit_client.server_problem("http://localhost") is None
    assert submit_client.server_problem("https://grader.example.edu") is None
    assert submit_client.server_problem("http://grader.example.edu") is not None


def test_assignment_is_sent_url_encoded(tmp_path: Path, hosts) -> None:  # type: ignore[no-untyped-def]
    _, other, seen = hosts
    named = submit(tmp_path, other, "--assignment", "hw 2&x=1", env={"JAXGRADE_TOKEN": TOKEN})
    unnamed = submit(tmp_path, other, env={"JAXGRADE_TOKEN": TOKEN})
    assert named.returncode == unnamed.returncode == 0, (named.stderr, unnamed.stderr)
    assert [path for _, path, _ in seen] == ["/api/submissions?assignment=hw+2%26x%3D1", "/api/submissions"]
