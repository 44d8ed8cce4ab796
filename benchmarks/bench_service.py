"""What the grader service costs on top of `jaxgrade grade`, and how it scales; not a test.

    .venv/bin/python benchmarks/bench_service.py [--repeat 5] [--burst 100] [--burst-s 60] [--real]
                                                 [--workers 1,2] [--no-dask] [--skip-latency] [--smoke]

Measures, on this machine, with real `jaxgrade serve` processes on loopback ports (SQLite, bwrap):
  latency   upload-to-feedback seconds of one full submission (examples/submissions/s001_all_correct,
            both chapters) on an idle service: POST until GET says graded; median and p95 of
            --repeat runs, after one warm-up upload (the grade host's start)
  batch     wall seconds of `jaxgrade grade --jobs 1` on a folder with the same files (median, p95)
  burst     --burst uploads spread evenly over --burst-s seconds (a deadline rush: every student
            uploads the release's blank notebooks, which every exercise runs and fails fast), with
            1 local worker, 2 local workers, and 2 workers on a loopback Dask cluster of 2 workers
            (`--executor tcp://...`); seconds from the first upload until all are graded, and
            attempts per minute, and the p50 / p95 wait of an upload (upload until its feedback),
            and how many cores the machine kept busy meanwhile (/proc/stat)
  --real    the burst uploads real submissions instead: the examples' mix of right, partial and wrong
            answers (s001_all_correct, s003_silu_compile_error, s005_only_ch02, the blank release),
            student i uploading entry i mod 4. The issue's deadline: --real --burst 300 --burst-s 600.
Goals (issue): latency <= 1.2x batch; 2 local workers >= 1.8x the throughput of 1. The second figure
is printed as about the product of its two factors: how many more cores 2 workers kept busy (at most the
machine's cores over the cores 1 worker kept busy), and how much less CPU each attempt cost.
--smoke: a tiny run (a notebook intake refuses, 1 latency run, bursts of 4, no Dask) that the test
suite runs so the benchmark never breaks silently.
Prints the load average before and after: the machine may be shared.
"""

from __future__ import annotations

import argparse
import csv
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
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.commands.submit import multipart_body  # noqa: E402

RELEASE = REPO / "assignments" / "2026-fall"
FULL = REPO / "examples" / "submissions" / "s001_all_correct"
MALFORMED = REPO / "examples" / "submissions" / "s004_malformed.ipynb"
EXAMPLES = REPO / "examples" / "submissions"
REAL_MIX = ("s001_all_correct", "s003_silu_compile_error", "s005_only_ch02.ipynb")  # + the blank release
# How often a waiting student asks for the status: the student page's own cadence (static/poll.js,
# every 5 s). Asking faster measures the benchmark's polling as much as the grading: with 150 students
# waiting, rounds 0.5 s apart kept the service and this client busy answering status requests.
POLL_EVERY_S = 5.0

Files = list[tuple[str, bytes]]


def example_files(name: str) -> Files:
    path = EXAMPLES / name
    if path.is_dir():
        return [(p.name, p.read_bytes()) for p in sorted(path.iterdir()) if p.suffix == ".ipynb"]
    return [(path.name, path.read_bytes())]


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
    def __init__(self, root: Path, students: list[str], workers: int, scale: str, *extra: str):
        root.mkdir(parents=True)
        roster = root / "roster.csv"
        roster.write_text("student_id,name\n" + "".join(f"{s},{s}\n" for s in students), encoding="utf-8")
        self.data = root / "data"
        self.url = f"http://127.0.0.1:{free_port()}"
        cmd = [sys.executable, "-m", "autograder.cli", "serve", "--data", str(self.data), "--release",
               str(RELEASE), "--roster", str(roster), "--port", self.url.rsplit(":", 1)[1], "--workers",
               str(workers), "--max-attempts-per-hour", "1000", "--timeout-scale", scale, *extra]  # fmt: skip
        self.log = root / "serve.log"
        self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=open(self.log, "wb"))  # noqa: SIM115
        for _ in range(900):
            try:
                ta = (self.data / "ta-token").read_text().strip()
                http(self.url + "/api/status", ta)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit(f"serve did not start: {self.log.read_text()[-2000:]}")
        self.tokens = dict(
            line.split(",", 1) for line in (self.data / "tokens.csv").read_text().splitlines()[1:]
        )

    def submit(self, sid: str, files: list[tuple[str, bytes]]) -> int:
        return int(http(self.url + "/api/submissions", self.tokens[sid], files)["id"])

    def wait_graded(self, sid: str, attempt_id: int, poll_s: float = 0.1) -> dict:
        while True:
            doc = http(f"{self.url}/api/submissions/{attempt_id}", self.tokens[sid])
            if doc["status"] in ("graded", "grader_error"):
                return doc
            time.sleep(poll_s)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=120)


def batch(subs: Path, out: Path, scale: str) -> float:
    t0 = time.perf_counter()
    argv = [sys.executable, "-m", "autograder.cli", "grade", str(subs), "--out", str(out), "--release",
            str(RELEASE), "--jobs", "1", "--timeout-scale", scale]  # fmt: skip
    subprocess.run(argv, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def read_total(out: Path, student: str) -> float:
    with (out / "grades.csv").open(newline="", encoding="utf-8") as f:
        return float(next(row["total"] for row in csv.DictReader(f) if row["student_id"] == student))


def p95(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def latency(
    root: Path, one: list[tuple[str, bytes]], repeat: int, scale: str
) -> tuple[list[float], list[float]]:
    subs = root / "one-subs"
    (subs / "bench_one").mkdir(parents=True)
    for name, data in one:
        (subs / "bench_one" / name).write_bytes(data)
    server = Server(root / "idle", ["bench_one"], 1, scale)
    lat, bat = [], []
    try:
        server.wait_graded("bench_one", server.submit("bench_one", one))  # warm-up: the grade host starts
        for i in range(repeat):
            bat.append(batch(subs, root / f"batch-{i}", scale))
            t0 = time.perf_counter()
            doc = server.wait_graded("bench_one", server.submit("bench_one", one))
            lat.append(time.perf_counter() - t0)
            # the student id draws the recompile variant: the service must grade exactly as the batch
            total = read_total(root / f"batch-{i}", "bench_one")
            assert doc["status"] == "graded" and doc["score"] == total, (doc, total)
    finally:
        server.stop()
    return lat, bat


def machine_jiffies() -> tuple[int, int]:
    """(busy, all) clock ticks of every CPU since boot, from /proc/stat (iowait counts as idle)."""
    with open("/proc/stat", encoding="ascii") as f:
        ticks = [int(x) for x in f.readline().split()[1:9]]  # user nice system idle iowait irq softirq steal
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)


def cores_busy(before: tuple[int, int], after: tuple[int, int]) -> float:
    """How many of the machine's cores were busy on average between two `machine_jiffies()`."""
    busy, total = after[0] - before[0], after[1] - before[1]
    return (os.cpu_count() or 1) * busy / max(total, 1)


def burst(root: Path, mix: list[Files], n: int, spread_s: float, workers: int, scale: str,
          *extra: str) -> tuple[float, int, list[float]]:  # fmt: skip
    """Student i uploads mix[i % len(mix)] at i * spread_s / n; seconds until all are graded, how many
    were graded, and each upload's wait (upload until the service says graded). Every student whose
    upload is pending asks for its status every POLL_EVERY_S from its upload on, as the student page
    does (a thread beside the uploads), so an upload graded before the last one was sent has its real
    wait, measured as a student sees it (up to POLL_EVERY_S late)."""
    students = [f"b{i:03d}" for i in range(n)]
    server = Server(root, students, workers, scale, *extra)
    ids: dict[str, int] = {}
    sent: dict[str, float] = {}
    done: dict[str, float] = {}
    statuses: dict[str, str] = {}
    asked: dict[str, float] = {}  # when each student last asked (the poller's own)
    lock = threading.Lock()
    all_sent = threading.Event()

    failed: list[BaseException] = []

    def poll() -> None:
        try:
            poll_rounds()
        except BaseException as exc:  # noqa: BLE001 (re-raised by the uploading thread)
            failed.append(exc)

    def poll_rounds() -> None:
        while True:
            with lock:
                now = time.perf_counter()
                due = [(s, a) for s, a in ids.items()
                       if s not in done and now >= asked.get(s, sent[s]) + POLL_EVERY_S]  # fmt: skip
                finished = all_sent.is_set() and len(done) == n
            if finished:
                return
            for s, a in due:
                asked[s] = time.perf_counter()
                doc = http(f"{server.url}/api/submissions/{a}", server.tokens[s])
                if doc["status"] in ("graded", "grader_error"):
                    with lock:
                        done[s], statuses[s] = time.perf_counter(), doc["status"]
            time.sleep(0.1)

    poller = threading.Thread(target=poll, name="burst-poller", daemon=True)
    try:
        t0 = time.perf_counter()
        poller.start()
        for i, s in enumerate(students):
            time.sleep(max(0.0, t0 + i * spread_s / n - time.perf_counter()))
            before = time.perf_counter()
            attempt = server.submit(s, mix[i % len(mix)])
            with lock:
                sent[s], ids[s] = before, attempt
        all_sent.set()
        poller.join()
        if failed:
            raise failed[0]
        graded = sum(status == "graded" for status in statuses.values())
        return max(done.values()) - t0, graded, [done[s] - sent[s] for s in students]
    finally:
        server.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--burst", type=int, default=100)
    ap.add_argument("--burst-s", type=float, default=60.0)
    ap.add_argument("--timeout-scale", default="3")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--real", action="store_true", help="burst of the examples' real mix, not blank ones")
    ap.add_argument("--workers", default="1,2",
                    help='local worker counts of the bursts (default 1,2; "" for the Dask burst only)')
    ap.add_argument("--no-dask", action="store_true", help="skip the burst on a loopback Dask cluster")
    ap.add_argument("--skip-latency", action="store_true", help="bursts only")
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="jaxgrade-bench-service-"))
    scale = args.timeout_scale
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    manifest = json.loads((RELEASE / "manifest.json").read_text())
    blank = [(name, (RELEASE / name).read_bytes()) for name in manifest["notebooks"].values()]
    if args.smoke:
        one = [(MALFORMED.name, MALFORMED.read_bytes())]
        rush, repeat, n, spread = [one], 1, 4, 1.0
    else:
        one = [(p.name, p.read_bytes()) for p in sorted(FULL.iterdir()) if p.suffix == ".ipynb"]
        rush, repeat, n, spread = [blank], args.repeat, args.burst, args.burst_s
    if args.real:
        rush = [*(example_files(name) for name in REAL_MIX), blank]
    kind = "real mix (right, partial, wrong)" if args.real else "one kind"
    try:
        if not args.skip_latency:
            lat, bat = latency(root, one, repeat, scale)
            lm, bm = statistics.median(lat), statistics.median(bat)
            print(f"latency   median {lm:6.1f} s  p95 {p95(lat):6.1f} s  upload-to-feedback, idle service "
                  f"(runs: {', '.join(f'{x:.1f}' for x in lat)})")  # fmt: skip
            print(f"batch     median {bm:6.1f} s  p95 {p95(bat):6.1f} s  jaxgrade grade --jobs 1, same files")
            print(f"latency/batch {lm / bm:.2f}x (goal <= 1.2x)")
        rates: dict[str, float] = {}
        busy: dict[str, float] = {}  # cores kept busy, machine-wide (the service, its workers, children)
        cpu_per: dict[str, float] = {}  # CPU-seconds the machine spent per upload
        counts = [int(w) for w in args.workers.split(",") if w]  # --workers "": the Dask burst only
        runs = [(f"{w} local worker{'s' if w > 1 else ''}", w, ()) for w in counts]
        cluster = None
        if not args.smoke and not args.no_dask:
            from tests.helpers.dask_cluster import LoopbackCluster

            cluster = LoopbackCluster(root / "dask-logs")
            cluster.start_scheduler()
            cluster.start_worker("w1")
            cluster.start_worker("w2")
            cluster.wait_for_workers(2)
            runs.append(("2 Dask workers", 2, ("--executor", cluster.address)))
        try:
            for label, workers, extra in runs:
                before = machine_jiffies()
                took, graded, waits = burst(root / label.replace(" ", "-"), rush, n, spread, workers, scale,
                                            *extra)  # fmt: skip
                after = machine_jiffies()
                rates[label], busy[label] = 60 * n / took, cores_busy(before, after)
                # the machine's CPU over the burst (grading, the service, the polling students) per upload
                cpu_per[label] = (after[0] - before[0]) / os.sysconf("SC_CLK_TCK") / n
                print(f"burst     {label:16s} {n} uploads ({kind}) over {spread:g} s: all graded in "
                      f"{took:6.1f} s, {graded}/{n} graded, {rates[label]:5.1f} attempts/min, "
                      f"wait p50 {statistics.median(waits):6.1f} s p95 {p95(waits):6.1f} s, "
                      f"{busy[label]:.2f} of {os.cpu_count()} cores busy, "
                      f"{cpu_per[label]:.2f} CPU-s per attempt")  # fmt: skip
        finally:
            if cluster is not None:
                cluster.stop()
        if {"1 local worker", "2 local workers"} <= set(rates):
            speedup = rates["2 local workers"] / rates["1 local worker"]
            # rate = cores busy / CPU per attempt, so the speed-up is about the product of two factors
            # (about: the cores are counted from the service's start, the rate from the first upload). One
            # worker already keeps part of the other core busy (its chapters at once, the kernel child
            # beside the notebook child): the cores factor is at most the cores over what it kept busy.
            one, two = busy["1 local worker"], busy["2 local workers"]
            cpu_one, cpu_two = cpu_per["1 local worker"], cpu_per["2 local workers"]
            one = max(one, 1e-9)  # a burst that kept no core busy cannot happen; never divide by 0
            cores_ceiling, cores_gain = (os.cpu_count() or 1) / one, two / one
            print(f"2 local workers / 1: {speedup:.2f}x (goal >= 1.8x), about {cores_gain:.2f}x the "
                  f"cores busy ({one:.2f} -> {two:.2f} of {os.cpu_count()}; at most {cores_ceiling:.2f}x "
                  f"on this machine) times {cpu_one / max(cpu_two, 1e-9):.2f}x less CPU per attempt "
                  f"({cpu_one:.2f} -> {cpu_two:.2f} s)")  # fmt: skip
    finally:
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
