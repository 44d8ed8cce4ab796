"""One service upload on disk, stage by stage, and what reading the result file costs. Not a test.

    .venv/bin/python benchmarks/bench_upload_path.py [--repeat 50]

Counts, for one upload of the release's chapter-5 notebook to a term with two open assignments
(tests/helpers/ledger_term.py: the upload's chapters choose its assignment, then are checked
against it), the files and bytes the service writes, by stage: `UploadIntake.submit` (the layouts
intake reads in the spool, and the blob store) and the worker's `layout.materialise`, run for real
on a throwaway SQLite service. The streamed body's spool file (web/uploads.py) comes before and is
not counted; nor is the batch (unchanged). Then it times, per attempt, the
two ways a worker can take a finished grading's result:
  gradebook   what the worker did before: open the batch's SQLite gradebook, read the row and the
              result, encode it as `jaxgrade-result/1` and decode it again (an in-process round trip)
  file        what it does now: read OUT/result.json capped, parse, validate by JSON Schema,
              check against the release (`result_file.read`)
and prints the ratio. Numbers are this machine's, under its load; only the ratios mean anything.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from autograder.exercises.base import ExerciseScore  # noqa: E402
from autograder.grade import codec, result_file  # noqa: E402
from autograder.grade.gradebook import Gradebook  # noqa: E402
from autograder.model import ReleaseInfo, StudentResult  # noqa: E402
from autograder.service.storage import layout  # noqa: E402
from autograder.service.storage.blobs import BlobStore  # noqa: E402

from helpers.ledger_term import make_term  # noqa: E402
from helpers.paths import RELEASE  # noqa: E402

HASH = "cd" * 32


class DiskWrites:
    """Files the service writes for one upload, by stage, counted where they are written (the
    layout's `_write` and the blob store's `put`)."""

    def __init__(self) -> None:
        self.stage = "setup"
        self.files: Counter[str] = Counter()
        self.bytes: Counter[str] = Counter()

    def __enter__(self) -> DiskWrites:
        self._write, self._put = layout._write, BlobStore.put
        counter = self

        def write(path: Path, data: bytes, mtime: float) -> None:
            counter.files[counter.stage] += 1
            counter.bytes[counter.stage] += len(data)
            counter._write(path, data, mtime)

        def put(store: BlobStore, data: bytes) -> str:
            counter.files[counter.stage + " (blob)"] += 1
            counter.bytes[counter.stage + " (blob)"] += len(data)
            return counter._put(store, data)

        layout._write = write  # type: ignore[assignment]
        BlobStore.put = put  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        layout._write, BlobStore.put = self._write, self._put  # type: ignore[method-assign]


def upload_writes(tmp: Path, release: ReleaseInfo) -> dict[str, dict[str, int]]:
    """One ch05 notebook uploaded without an assignment id to a term where hw2 (ch02) and hw5 (ch05)
    are open: the chapters choose hw5, then are checked against it; then a worker lays it out."""
    term = make_term(tmp, ("s01",))
    data = release.notebooks["ch05"].read_bytes()
    with DiskWrites() as writes:
        writes.stage = "submit"
        attempt = term.service.intake.submit("s01", [("ch05.ipynb", data)])
        claimed = term.service.queue.claim_next("w")
        assert claimed is not None and claimed.id == attempt.id
        writes.stage = "worker"
        layout.materialise(term.service.blobs, claimed, tmp / "subs")
    term.service.close()
    return {"upload_bytes": {"": len(data)}, "files": dict(writes.files), "bytes": dict(writes.bytes)}


def batch_folder(out: Path, release: ReleaseInfo) -> None:
    out.mkdir(parents=True)
    scores = {ex: ExerciseScore(ex, p / 2, p, (), "ok", "") for ex, p in release.points.items()}
    with Gradebook(out / "gradebook.sqlite") as gb:
        gb.receive("s1", 1.0)
        gb.mark_parsed("s1", HASH, 2.0)
        gb.mark_running("s1", 3.0)
        gb.record_result(StudentResult("s1", HASH, release.version, scores, "ok"), scope="", graded_at=4.0)
    result_file.write(out, "s1")


def read_via_gradebook(out: Path, release: ReleaseInfo) -> StudentResult:
    with Gradebook(out / "gradebook.sqlite") as gb:
        gb.get("s1")
        result = gb.load_result("s1")
    assert result is not None
    return codec.decode_result(codec.encode_result(result), student_id="s1", content_hash_hex=HASH,
                               release=release, exercises=tuple(result.scores))  # fmt: skip


def read_via_file(out: Path, release: ReleaseInfo) -> StudentResult:
    return result_file.read(out / result_file.RESULT_FILE, student_id="s1", release=release, exercises=())


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    release = ReleaseInfo.load(RELEASE)
    with tempfile.TemporaryDirectory(prefix="bench-upload-") as tmp:
        print(json.dumps(upload_writes(Path(tmp), release)))
    with tempfile.TemporaryDirectory(prefix="bench-result-") as tmp:
        out = Path(tmp) / "out"
        batch_folder(out, release)
        old = timed(lambda: read_via_gradebook(out, release), args.repeat)
        new = timed(lambda: read_via_file(out, release), args.repeat)
        size = (out / result_file.RESULT_FILE).stat().st_size
        timing = {"gradebook_ms": round(old * 1e3, 3), "file_ms": round(new * 1e3, 3)}
        print(json.dumps({"result_file_bytes": size, **timing, "file_over_gradebook": round(new / old, 2)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
