"""What the grader service costs on top of `jaxgrade grade`, not a test.

    .venv/bin/python benchmarks/bench_service.py [--repeat 2] [--queue 20] [--workers 2] [--timeout-scale 3]

Measures, on this machine, with a real `jaxgrade serve` on a loopback port (SQLite, bwrap):
  latency   upload-to-graded seconds of one full submission (examples/submissions/s001_all_correct,
            both chapters, reference answers) on an idle service: POST until GET says graded
  batch     wall seconds of `jaxgrade grade` on a folder with the same files (--jobs 1)
  overhead  latency - batch (the service's own cost: upload, queue, polling at 0.25 s, reading results)
  queue     N students each upload the release's two blank notebooks (a quick submission: every
            answer cell is empty, so every exercise runs and fails fast) at once; seconds until all
            are graded and attempts per minute, with --workers W
  queue/batch  the same N entries in one `jaxgrade grade --jobs W`
Runs alternate (batch, service, batch, service, ...) so the shared C++ build cache is warm for both.
"""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.service.submit_client import multipart_body  # noqa: E402

RELEASE = REPO / "assignments" / "2026-fall"
FULL = REPO / "examples" / "submissions" / "s001_all_correct"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http(url: str, token: str, files: list[tuple[str, bytes]] | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"}
    body = None
    if files is not None:
        body, headers["Content-Type"] = multipart_body(files)
    req = urllib.request.Request(url, data=body, headers=headers, method="POST" if body else "GET")
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read())


class Server:
    def __init__(self, root: Path, students: list[str], workers: int, scale: str):
        root.mkdir(parents=True)
        roster = root / "roster.csv"
        roster.write_text("student_id,name\n" + "".join(f"{s},{s}\n" for s in students), encoding="utf-8")
        self.data = root / "data"
        self.url = f"http://127.0.0.1:{free_port()}"
        cmd = [
            sys.executable,
            "-m",
            "autograder.cli",
            "serve",
            "--data",
            str(self.data),
            "--release",
            str(RELEASE),
            "--roster",
            str(roster),
            "--port",
            self.url.rsplit(":", 1)[1],
            "--workers",
            str(workers),
            "--max-attempts-per-hour",
            "1000",
            "--timeout-scale",
            scale,
        ]
        self.proc = subprocess.Popen(
            cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=open(root / "serve.log", "wb")
        )
        for _ in range(900):
            try:
                ta = (self.data / "ta-token").read_text().strip()
                http(self.url + "/api/status", ta)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit(f"serve did not start: {(root / 'serve.log').read_text()[-2000:]}")
        self.tokens = dict(
            line.split(",", 1) for line in (self.data / "tokens.csv").read_text().splitlines()[1:]
        )

    def wait_graded(self, sid: str, attempt_id: int) -> dict:
        while True:
            doc = http(f"{self.url}/api/submissions/{attempt_id}", self.tokens[sid])
            if doc["status"] in ("graded", "grader_error"):
                return doc
            time.sleep(0.25)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=120)


def batch(subs: Path, out: Path, jobs: int, scale: str) -> float:
    t0 = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "autograder.cli",
            "grade",
            str(subs),
            "--out",
            str(out),
            "--release",
            str(RELEASE),
            "--jobs",
            str(jobs),
            "--timeout-scale",
            scale,
        ],
        cwd=REPO,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - t0


def read_total(out: Path, student: str) -> str:
    with (out / "grades.csv").open(newline="", encoding="utf-8") as f:
        return next(row["total"] for row in csv.DictReader(f) if row["student_id"] == student)


def files_of(folder: Path) -> list[tuple[str, bytes]]:
    return [(p.name, p.read_bytes()) for p in sorted(folder.iterdir()) if p.suffix == ".ipynb"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--queue", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout-scale", default="3")
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="jaxgrade-bench-service-"))
    scale = args.timeout_scale
    try:
        one = root / "one"
        shutil.copytree(FULL, one / "bench_full")
        lat, bat = [], []
        server = Server(root / "idle", ["bench_full"], 1, scale)
        try:
            for i in range(args.repeat):
                bat.append(batch(one, root / f"batch-one-{i}", 1, scale))
                t0 = time.perf_counter()
                aid = http(server.url + "/api/submissions", server.tokens["bench_full"], files_of(FULL))["id"]
                doc = server.wait_graded("bench_full", aid)
                lat.append(time.perf_counter() - t0)
                # the student id draws the recompile variant, so the examples' literal need not fit it;
                # what must hold is that the service grades exactly as the batch does
                batch_total = float(read_total(root / f"batch-one-{i}", "bench_full"))
                assert doc["status"] == "graded" and doc["score"] == batch_total, (doc, batch_total)
        finally:
            server.stop()
        lm, bm = statistics.median(lat), statistics.median(bat)
        print(
            f"latency   {lm:7.1f} s  upload-to-graded, one full submission, idle service (runs: "
            f"{', '.join(f'{x:.1f}' for x in lat)})"
        )
        print(
            f"batch     {bm:7.1f} s  jaxgrade grade --jobs 1, same files "
            f"(runs: {', '.join(f'{x:.1f}' for x in bat)})"
        )
        print(f"overhead  {lm - bm:7.1f} s  ({lm / bm:.2f}x)")

        n, w = args.queue, args.workers
        students = [f"q{i:03d}" for i in range(n)]
        blank = {
            p.name: p.read_bytes()
            for p in (
                RELEASE / name
                for name in json.loads((RELEASE / "manifest.json").read_text())["notebooks"].values()
            )
        }
        subs = root / "queue-subs"
        for s in students:
            (subs / s).mkdir(parents=True)
            for name, data in blank.items():
                (subs / s / name).write_bytes(data)
        qb = batch(subs, root / "queue-batch", w, scale)
        server = Server(root / "queue", students, w, scale)
        try:
            t0 = time.perf_counter()
            ids = {
                s: http(server.url + "/api/submissions", server.tokens[s], list(blank.items()))["id"]
                for s in students
            }
            accepted = time.perf_counter() - t0
            docs = [server.wait_graded(s, a) for s, a in ids.items()]
            qs = time.perf_counter() - t0
            graded = sum(d["status"] == "graded" for d in docs)
        finally:
            server.stop()
        print(
            f"queue     {qs:7.1f} s  {n} blank submissions, --workers {w}: {graded} graded, "
            f"{60 * n / qs:.1f} attempts/min; all {n} uploads accepted in {accepted:.2f} s"
        )
        print(f"queue/batch {qb:5.1f} s  jaxgrade grade --jobs {w}, same {n} entries ({qs / qb:.2f}x)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
