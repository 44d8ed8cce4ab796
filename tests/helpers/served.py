"""A real `jaxgrade serve` process on a free loopback port, and HTTP to it from the test process.

`serve` starts one and waits until it answers; `serving` is the same in a with block with a roster;
`call` is one HTTP request (urllib), `upload` a student's multipart upload, `wait_final` polls an
attempt until it is graded or a grader error.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from autograder.commands.submit import multipart_body

from .paths import EXAMPLES, RELEASE, REPO
from .ports import free_port

EXAMPLE_IDS = (
    "s001_all_correct",
    "s002_partial",
    "s003_silu_compile_error",
    "s004_malformed",
    "s005_only_ch02",
)
MALFORMED = (EXAMPLES / "s004_malformed.ipynb").read_bytes()
WAIT_GRADED_S = 1800  # a bound on a hung service, not a timing assertion


@dataclass
class Served:
    data: Path
    url: str
    proc: subprocess.Popen[bytes]
    log: Path
    args: list[str]

    @property
    def tokens(self) -> dict[str, str]:
        with (self.data / "tokens.csv").open(newline="", encoding="utf-8") as f:
            return {r["student_id"]: r["token"] for r in csv.DictReader(f)}

    @property
    def ta(self) -> str:
        return (self.data / "ta-token").read_text(encoding="utf-8").strip()

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=60)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.kill9()


def write_roster(path: Path, ids: tuple[str, ...]) -> Path:
    path.write_text(
        "student_id,name,email\n" + "".join(f"{i},学生 {i},{i}@example.edu\n" for i in ids), encoding="utf-8"
    )
    return path


def serve(data: Path, *args: str, code: Path = REPO) -> Served:
    """Start `jaxgrade serve --data DATA ARGS` and wait until it answers; `code` is the checkout whose
    `autograder` package (and release) runs (another commit's tree, for schema upgrades)."""
    port = free_port()
    log = data.parent / f"{data.name}-serve-{port}.log"
    cmd = [
        sys.executable,
        "-m",
        "autograder.cli",
        "serve",
        "--data",
        str(data),
        "--release",
        str(code / RELEASE.relative_to(REPO)),
        "--port",
        str(port),
        "--timeout-scale",
        "3",
        *args,
    ]
    with open(log, "ab") as logf:
        env = os.environ | {"PYTHONPATH": str(code)} if code != REPO else None
        proc = subprocess.Popen(cmd, cwd=code, env=env, stdout=logf, stderr=subprocess.STDOUT)
    served = Served(data, f"http://127.0.0.1:{port}", proc, log, list(args))
    for _ in range(600):
        if proc.poll() is not None:
            raise AssertionError(f"jaxgrade serve exited with {proc.returncode}: {log.read_text()[-3000:]}")
        try:
            if (data / "ta-token").exists() and call(served, "GET", "/api/status", token=served.ta)[0] == 200:
                return served
        except OSError:
            pass
        time.sleep(0.2)
    served.stop()
    raise AssertionError(f"jaxgrade serve did not answer: {log.read_text()[-3000:]}")


def call(
    served: Served,
    method: str,
    path: str,
    *,
    token: str | None = None,
    files: list[tuple[str, bytes]] | None = None,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    hdrs = dict(headers or {})
    if token is not None:
        hdrs["Authorization"] = f"Bearer {token}"
    if files is not None:
        body, hdrs["Content-Type"] = multipart_body(files)
    req = urllib.request.Request(served.url + path, data=body, headers=hdrs, method=method)
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


def upload(served: Served, sid: str, files: list[tuple[str, bytes]]) -> tuple[int, dict]:
    status, _, body = call(served, "POST", "/api/submissions", token=served.tokens[sid], files=files)
    return status, json.loads(body)


def example_files(sid: str) -> list[tuple[str, bytes]]:
    """What a student uploads for each example entry: the folder's files, the zip, the notebook."""
    entry = EXAMPLES / sid
    if entry.is_dir():
        return [(p.name, p.read_bytes()) for p in sorted(entry.iterdir()) if p.is_file()]
    for suffix in (".zip", ".ipynb"):
        if (EXAMPLES / f"{sid}{suffix}").is_file():
            return [(f"{sid}{suffix}", (EXAMPLES / f"{sid}{suffix}").read_bytes())]
    raise FileNotFoundError(sid)


def wait_final(served: Served, sid: str, attempt_id: int, *, limit_s: float = WAIT_GRADED_S) -> dict:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        status, _, body = call(served, "GET", f"/api/submissions/{attempt_id}", token=served.tokens[sid])
        assert status == 200, body
        doc = json.loads(body)
        if doc["status"] in ("graded", "grader_error"):
            return doc
        time.sleep(1.0)
    raise AssertionError(
        f"attempt {attempt_id} not graded after {limit_s} s: {served.log.read_text()[-3000:]}"
    )


def grade_host_pid(data: Path, attempt_id: int, try_no: int) -> int:
    """The pid of the grade host grading this try (the worker writes it before it sends the job)."""
    path = data / "attempts" / str(attempt_id) / f"try-{try_no}" / "host.pid"
    for _ in range(600):
        if path.is_file() and path.read_text().strip():
            return int(path.read_text())
        time.sleep(0.1)
    raise AssertionError(f"no grade host started for {path.parent}")


def read_csv(text: str) -> dict[str, list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    return {r[0]: r for r in rows[1:]} | {"__header__": rows[0]}


def require_grading_tools() -> None:
    for tool in ("bwrap", "clang++"):
        if shutil.which(tool) is None:
            pytest.skip(f"prerequisite missing: {tool} is not installed (run scripts/bootstrap.sh as root)")



@contextmanager
def serving(tmp: Path, roster_csv: str, *args: str) -> Iterator[Served]:
    """`jaxgrade serve` with this roster, stopped when the block ends."""
    tmp.mkdir(parents=True, exist_ok=True)
    roster = tmp / "roster.csv"
    roster.write_text(roster_csv, encoding="utf-8")
    served = serve(tmp / "data", "--roster", str(roster), *args)
    try:
        yield served
    finally:
        served.stop()
