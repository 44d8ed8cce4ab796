"""Test helpers for the service's pages: a real `jaxgrade serve` process on a free loopback port, and a
small cookie-keeping HTTP client (stdlib only) that behaves like a browser posting forms."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 180.0  # importing the service on a loaded 2-core machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(frozen=True)
class RunningService:
    base: str
    data: Path
    log: Path

    def token(self, student_id: str) -> str:
        for line in (self.data / "tokens.csv").read_text(encoding="utf-8").splitlines()[1:]:
            sid, token = line.split(",", 1)
            if sid == student_id:
                return token
        raise KeyError(student_id)

    def ta_token(self) -> str:
        return (self.data / "ta-token").read_text(encoding="utf-8").strip()


@contextmanager
def serve(tmp: Path, roster_csv: str, *extra: str) -> Iterator[RunningService]:
    """Run `jaxgrade serve` with a roster in `tmp` until the block ends (stopped with SIGTERM)."""
    tmp.mkdir(parents=True, exist_ok=True)
    roster = tmp / "roster.csv"
    roster.write_text(roster_csv, encoding="utf-8")
    data, log = tmp / "data", tmp / "serve.log"
    port = free_port()
    cmd = [sys.executable, "-m", "autograder.cli", "serve", "--data", str(data), "--roster", str(roster),
           "--port", str(port), *extra]  # fmt: skip
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    running = RunningService(f"http://127.0.0.1:{port}", data, log)
    try:
        _wait_until_up(running, proc)
        yield running
    finally:
        _stop(proc)


def _wait_until_up(running: RunningService, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jaxgrade serve exited with {proc.returncode}:\n{running.log.read_text()}")
        try:
            with urllib.request.urlopen(running.base + "/login", timeout=5) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    raise RuntimeError(
        f"jaxgrade serve did not answer in {START_TIMEOUT_S:.0f} s:\n{running.log.read_text()}"
    )


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (uvicorn shuts the workers down), then SIGKILL the process group it leads if it hangs."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


@dataclass(frozen=True)
class Reply:
    status: int
    headers: Message
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def csrf(self) -> str:
        m = re.search(r'name="csrf_token" value="([^"]+)"', self.text)
        assert m, "no CSRF token in the page"
        return m.group(1)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


class Browserish:
    """Keeps cookies like a browser; never follows redirects, so tests see each 303."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect
        )

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Reply:
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers or {})
        try:
            with self._opener.open(req, timeout=60) as r:
                return Reply(r.status, r.headers, r.read())
        except urllib.error.HTTPError as err:
            with err:
                return Reply(err.code, err.headers, err.read())

    def get(self, path: str) -> Reply:
        return self.request("GET", path)

    def post_form(self, path: str, fields: dict[str, str]) -> Reply:
        body = urllib.parse.urlencode(fields).encode()
        return self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})

    def post_files(self, path: str, fields: dict[str, str], files: Sequence[tuple[str, bytes]]) -> Reply:
        boundary = uuid.uuid4().hex
        chunks: list[bytes] = []
        for name, value in fields.items():
            chunks.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            )
        for filename, data in files:
            chunks.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{filename}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n".encode()
                + data
                + b"\r\n"
            )
        chunks.append(f"--{boundary}--\r\n".encode())
        return self.request(
            "POST", path, b"".join(chunks), {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        )

    def log_in(self, token: str) -> Reply:
        page = self.get("/login")
        return self.post_form("/login", {"csrf_token": page.csrf(), "token": token})
