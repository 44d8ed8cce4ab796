"""Dask executor: throughput with 1 and 2 workers, and the Dask layer's own cost per student. Not a test.

    .venv/bin/python benchmarks/bench_dask.py [--n 10] [--timeout-scale 3] [--skip-local]

Measures, on this machine, with real gradings (bwrap children) of N distinct submissions (variants
of examples s001 and s005 with one added comment each, so no two share a Dask task key):
  local-1     `jaxgrade grade --jobs 1` (the local executor, one student at a time): wall seconds
  dask-1      `--executor` on a loopback cluster of 1 `dask worker --nthreads 1 --resources grader=1`
  dask-2      the same with 2 such workers (separate processes, one grading slot each)
  ratio       dask-1 wall / dask-2 wall (2.0 would be perfect scaling; it needs 2 idle cores)
  overhead    (dask-1 - local-1) / N in ms: end to end, includes the noise of real gradings
  layer       the Dask layer measured directly, per student, in ms: client encode (submission
              JSON + task key), worker decode (JSON + content hash proof), result encode + client
              decode with all checks, and the scheduling round trip of a trivial task carrying a
              payload of the same size through the same cluster (median of 20, sequential)
The cluster is started with Dask's own CLI on 127.0.0.1 (tests/helpers/dask_cluster.py) and stopped after.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.executors.dask_executor import task_key, wire_settings  # noqa: E402
from autograder.executors.dask_tasks import RESOURCE  # noqa: E402
from autograder.executors.release_archive import pack_release  # noqa: E402
from autograder.executors.version import grader_version  # noqa: E402
from autograder.grade.codec import decode_result, decode_submission, encode_result, encode_submission  # noqa: E402
from autograder.grade.gradebook import Gradebook  # noqa: E402
from autograder.grade.intake import discover, intake_student  # noqa: E402
from autograder.grade.run import RunSettings  # noqa: E402
from autograder.model import ReleaseInfo  # noqa: E402
from tests.helpers.dask_cluster import LoopbackCluster  # noqa: E402

RELEASE = REPO / "assignments" / "2026-fall"
EXAMPLES = REPO / "examples" / "submissions"
JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))


def _with_comment(nb_path: Path, dest: Path, tag: str) -> None:
    nb = json.loads(nb_path.read_text())
    cell = next(
        c
        for c in nb["cells"]
        if c["cell_type"] == "code" and c["metadata"].get("jaxgrade", {}).get("role") == "answer"
    )
    src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    cell["source"] = f"# variant {tag}\n{src}"
    dest.write_text(json.dumps(nb))


def make_submissions(folder: Path, n: int) -> None:
    folder.mkdir(parents=True)
    s001 = EXAMPLES / "s001_all_correct"
    for i in range(n):
        if i % 2 == 0:
            dest = folder / f"full_{i:02d}"
            shutil.copytree(s001, dest)
            first = sorted(dest.glob("*.ipynb"))[0]
            _with_comment(first, first, str(i))
        else:
            _with_comment(EXAMPLES / "s005_only_ch02.ipynb", folder / f"ch02_{i:02d}.ipynb", str(i))


def grade(subs: Path, out: Path, scale: str, *args: str) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(
        [
            JAXGRADE,
            "grade",
            str(subs),
            "--out",
            str(out),
            "--release",
            str(RELEASE),
            "--timeout-scale",
            scale,
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"grading failed ({r.returncode}):\n{r.stderr[-3000:]}")
    return wall


def on_cluster(work: Path, subs: Path, workers: int, scale: str) -> float:
    cluster = LoopbackCluster(work / f"logs-{workers}")
    cluster.start_scheduler()
    try:
        for i in range(workers):
            cluster.start_worker(f"w{i + 1}")
        cluster.wait_for_workers(workers)
        return grade(subs, work / f"out-dask-{workers}", scale, "--executor", cluster.address)
    finally:
        cluster.stop()


def layer_costs(work: Path, subs: Path, out: Path, scale: str) -> dict[str, float]:
    """Per-student ms of the codec work and of one scheduling round trip (payload of real size)."""
    release = ReleaseInfo.load(RELEASE)
    archive = pack_release(RELEASE)
    settings = wire_settings(RunSettings.from_options(timeout_scale=float(scale)))
    students = discover(subs).students
    gb = Gradebook(out / "gradebook.sqlite")
    encode_ms, worker_ms, result_ms, payloads = [], [], [], []
    try:
        for sid, entries in sorted(students.items()):
            sub = intake_student(sid, entries, release_version=release.version)
            result = gb.load_result(sid)
            assert result is not None
            t0 = time.perf_counter()
            payload = json.dumps({"submission": encode_submission(sub)}, ensure_ascii=False)
            task_key(sub.content_hash, sub.student_id, archive.digest, grader_version(), settings)
            t1 = time.perf_counter()
            decode_submission(json.loads(payload)["submission"])
            text = encode_result(result)
            t2 = time.perf_counter()
            decode_result(
                text, student_id=sid, content_hash_hex=sub.content_hash, release=release, exercises=()
            )
            t3 = time.perf_counter()
            encode_ms.append((t1 - t0) * 1e3)
            worker_ms.append((t2 - t1) * 1e3)
            result_ms.append((t3 - t2) * 1e3)
            payloads.append(payload)
    finally:
        gb.close()
    cluster = LoopbackCluster(work / "logs-rtt")
    cluster.start_scheduler()
    try:
        cluster.start_worker("w1")
        cluster.wait_for_workers(1)
        client = cluster.client()
        rtt = []
        for i in range(20):
            payload = payloads[i % len(payloads)]
            t0 = time.perf_counter()
            client.submit(len, payload, key=f"bench-rtt-{i}", resources={RESOURCE: 1}, pure=False).result()
            rtt.append((time.perf_counter() - t0) * 1e3)
    finally:
        cluster.stop()
    return {
        "client encode": statistics.median(encode_ms),
        "worker decode + result encode": statistics.median(worker_ms),
        "client result checks": statistics.median(result_ms),
        "scheduling round trip": statistics.median(rtt),
        "payload kB": statistics.median(len(p.encode()) for p in payloads) / 1e3,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--timeout-scale", default="3")
    ap.add_argument("--skip-local", action="store_true", help="no local-1 run (no end-to-end overhead)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-dask-") as tmp:
        work = Path(tmp)
        subs = work / "subs"
        make_submissions(subs, args.n)
        print(
            f"{args.n} submissions, grader {grader_version()}, timeout scale {args.timeout_scale}", flush=True
        )
        local = None
        if not args.skip_local:
            local = grade(subs, work / "out-local-1", args.timeout_scale, "--jobs", "1")
            print(f"local-1   {local:8.1f} s  ({args.n / local * 60:.2f} students/min)", flush=True)
        d1 = on_cluster(work, subs, 1, args.timeout_scale)
        print(f"dask-1    {d1:8.1f} s  ({args.n / d1 * 60:.2f} students/min)", flush=True)
        d2 = on_cluster(work, subs, 2, args.timeout_scale)
        print(f"dask-2    {d2:8.1f} s  ({args.n / d2 * 60:.2f} students/min)", flush=True)
        print(f"ratio     dask-1 / dask-2 = {d1 / d2:.2f}  (2.00 = perfect scaling)")
        if local is not None:
            print(
                f"overhead  (dask-1 - local-1) / {args.n} = {(d1 - local) / args.n * 1e3:.0f} ms per student "
                "(end to end, includes grading noise)"
            )
        for name, value in layer_costs(work, subs, work / "out-dask-1", args.timeout_scale).items():
            unit = "" if name.endswith("kB") else " ms"
            print(f"layer     {name:32s} {value:8.2f}{unit}")


if __name__ == "__main__":
    main()
