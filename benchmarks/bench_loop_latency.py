"""Latency of a cheap GET while four students upload notebooks at the size cap; not a test.

    .venv/bin/python benchmarks/bench_loop_latency.py [--seconds 20] [--students|--uploaders 4] [--mb 19.5]
        [--one-assignment] [--smoke]

Starts a real `jaxgrade serve` on a loopback port (SQLite, no grading workers: only the request
path is measured). First measures `GET /static/style.css` on the idle service for a few seconds,
then again while --students students each upload, one after another for --seconds, a notebook of
--mb MB (just under intake's 20 MB notebook cap). Every upload goes the whole way: the body is
streamed into the spool, read back, checked and stored, or refused once the student's storage
quota is used up (413, after the body was read). By default the service runs a term of two
assignments (hw2: chapter 2, hw5: chapter 5) and the uploads go to hw2, so intake reads every
notebook to check its chapters (the CPU-heavy step of an upload); --one-assignment serves one
assignment of the whole release, where intake is not on the upload path. Prints p50 / p99 / max of
the GET in milliseconds, idle and loaded, the loaded/idle ratios, and the uploads' statuses.
Goal (issue 32, section 3): loaded p99 under 100 ms.
--smoke: 2 s per phase with 0.2 MB notebooks, so the test suite keeps the script alive.
Prints the load average before and after: the machine may be shared.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.commands.submit import multipart_body  # noqa: E402

RELEASE = REPO / "assignments" / "2026-fall"


def notebook_of(size: int) -> bytes:
    """A well-formed notebook of about `size` bytes: many code cells of plain Python."""
    line = "x = [i * i for i in range(10)]  # filler\n"
    cell_source = line * 200
    cell = {
        "cell_type": "code",
        "metadata": {},
        "source": cell_source,
        "outputs": [],
        "execution_count": None,
    }
    one = len(json.dumps(cell)) + 2
    cells = [cell] * max(1, size // one)
    doc = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(doc).encode()


def write_course(path: Path) -> Path:
    """A term of two open assignments of one release, one chapter each."""
    due = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 7 * 86400))
    path.write_text(
        "".join(
            f'[[assignment]]\nid = "{aid}"\ntitle = "{aid}"\nrelease = "{RELEASE}"\n'
            f'chapters = ["{ch}"]\ndue_at = {due}\n\n'
            for aid, ch in (("hw2", "ch02"), ("hw5", "ch05"))
        ),
        encoding="utf-8",
    )
    return path


def start(data: Path, students: int, term: bool) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    data.mkdir(parents=True)
    roster = data.parent / "roster.csv"
    roster.write_text("student_id,name,email\n" + "".join(f"s{i:02d},S{i},\n" for i in range(students)))
    port = 20000 + os.getpid() % 20000
    env = os.environ | {"JAXGRADE_MAX_REFUSED_UPLOADS_PER_HOUR": "100000"}
    cmd = [
        sys.executable, "-m", "autograder.cli", "serve", "--data", str(data), "--release", str(RELEASE),
        "--roster", str(roster), "--port", str(port), "--workers", "0", "--max-attempts-per-hour", "100000",
    ]  # fmt: skip
    if term:
        cmd += ["--course", str(write_course(data.parent / "course.toml"))]
    log = open(data.parent / "serve.log", "wb")  # noqa: SIM115 (open for the server's lifetime)
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if proc.poll() is not None:
            raise SystemExit(f"jaxgrade serve exited: {(data.parent / 'serve.log').read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url + "/static/style.css", timeout=5):
                break
        except OSError:
            time.sleep(0.2)
    with (data / "tokens.csv").open(encoding="utf-8") as f:
        tokens = dict(line.strip().split(",", 1) for line in list(f)[1:])
    return proc, url, tokens


def sample_gets(url: str, seconds: float) -> list[float]:
    """Latencies (ms) of back-to-back static GETs, one every 20 ms, for `seconds`."""
    out: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        with urllib.request.urlopen(url + "/static/style.css", timeout=120) as r:
            r.read()
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.02)
    return out


def uploader(
    url: str, token: str, body: bytes, ctype: str, stop: threading.Event, seen: collections.Counter
) -> None:
    while not stop.is_set():
        req = urllib.request.Request(
            url, data=body, method="POST",
            headers={"Authorization": f"Bearer {token}", "Content-Type": ctype},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(req, timeout=300) as r:
                seen[r.status] += 1
        except urllib.error.HTTPError as exc:
            seen[exc.code] += 1
        except OSError:
            seen["error"] += 1


def pct(xs: list[float], q: float) -> float:
    if len(xs) < 2:
        return xs[0] if xs else float("nan")
    return statistics.quantiles(xs, n=100, method="inclusive")[round(q) - 1]


def line(label: str, xs: list[float]) -> str:
    figures = f"p50 {pct(xs, 50):8.1f} ms   p99 {pct(xs, 99):8.1f} ms   max {max(xs):8.1f} ms"
    return f"{label:8s} {figures}   n={len(xs)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--students", "--uploaders", type=int, default=4)
    parser.add_argument("--mb", type=float, default=19.5)
    parser.add_argument("--one-assignment", action="store_true", help="no term: no intake on the upload path")
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.mb = 2.0, 0.2
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    body, ctype = multipart_body([("big.ipynb", notebook_of(int(args.mb * 2**20)))])
    tmp = Path(tempfile.mkdtemp(prefix="bench-loop-"))
    term = not args.one_assignment
    proc, url, tokens = start(tmp / "data", args.students, term)
    upload_url = url + "/api/submissions" + ("?assignment=hw2" if term else "")
    try:
        sample_gets(url, 1.0)  # warm-up
        idle = sample_gets(url, max(2.0, args.seconds / 4))
        stop, seen = threading.Event(), collections.Counter()
        threads = [
            threading.Thread(target=uploader, args=(upload_url, tok, body, ctype, stop, seen), daemon=True)
            for tok in list(tokens.values())[: args.students]
        ]
        for t in threads:
            t.start()
        loaded = sample_gets(url, args.seconds)
        stop.set()
        for t in threads:
            t.join(300)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
        shutil.rmtree(tmp, ignore_errors=True)
    where = "to hw2 of a term (intake checks the chapters)" if term else "to the one assignment (no intake)"
    print(f"{args.students} students uploading {len(body) / 2**20:.1f} MB bodies {where}, {args.seconds:g} s")
    print(line("idle", idle))
    print(line("loaded", loaded))
    p50_ratio, p99_ratio = pct(loaded, 50) / pct(idle, 50), pct(loaded, 99) / pct(idle, 99)
    print(f"ratio loaded/idle: p50 {p50_ratio:.1f}x   p99 {p99_ratio:.1f}x")
    print(f"uploads by status: {dict(sorted((str(k), v) for k, v in seen.items()))}")
    verdict = "met" if pct(loaded, 99) < 100 else "NOT met"
    print(f"goal loaded p99 < 100 ms: {verdict}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
