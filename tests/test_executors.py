"""The executor seam of the batch, the wire codecs and the release archive (fast: the fake runner).

The batch keeps intake, the unchanged check and the gradebook; an executor only grades. Here an
executor that sends every submission and result through the same JSON codecs as the Dask executor
(no cluster) must give the same grades as the local one; a failing future is `grader_error`,
never a 0; the batch never has more students in flight than the executor's capacity.
Real Dask clusters: tests/test_dask.py.
"""

from __future__ import annotations

import json
import shutil
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from autograder.executors import parse_executor
from autograder.executors.release_archive import ReleaseArchiveError, pack_release, unpack_release
from autograder.grade.batch import BatchConfig, run_batch
from autograder.grade.codec import decode_result, decode_submission, encode_result, encode_submission
from autograder.model import GraderFault, ReleaseInfo, StudentResult, StudentSubmission

from helpers.fake_grading import fake_grade, make_release, populate, read_csv

REPO = Path(__file__).resolve().parents[1]


class WireExecutor:
    """Grades with the fake runner, but only through JSON text, as a Dask worker would."""

    def __init__(self, release: ReleaseInfo, capacity: int = 2, fail: str = ""):
        self.release, self._capacity, self.fail = release, capacity, fail
        self.description = "wire"
        self.submitted: list[str] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(capacity)

    def capacity(self) -> int:
        return self._capacity

    def submit(self, sub: StudentSubmission) -> Future[StudentResult]:
        with self._lock:
            self.submitted.append(sub.student_id)
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        return self._pool.submit(self._grade, sub)

    def _grade(self, sub: StudentSubmission) -> StudentResult:
        try:
            if sub.student_id == self.fail:
                raise GraderFault("the worker died twice (fake)")
            remote = decode_submission(json.loads(json.dumps(encode_submission(sub))))
            text = encode_result(fake_grade(remote, self.release, None))
            return decode_result(
                text,
                student_id=sub.student_id,
                content_hash_hex=sub.content_hash,
                release=self.release,
                exercises=(),
            )
        finally:
            with self._lock:
                self.in_flight -= 1

    def close(self, *, cancel: bool = False) -> None:
        self._pool.shutdown(wait=True, cancel_futures=cancel)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    monkeypatch.delenv("FAKE_BLOCK_FROM", raising=False)
    monkeypatch.delenv("FAKE_CALLS", raising=False)
    return {"subs": tmp_path / "subs", "out": tmp_path / "out", "rel": make_release(tmp_path / "rel")}


def _config(env: dict[str, Path], out: Path) -> BatchConfig:
    return BatchConfig(
        submissions=env["subs"], out=out, release=ReleaseInfo.load(env["rel"]), jobs=3, progress=False
    )


def test_grades_through_the_wire_codecs_equal_the_local_executor(env: dict[str, Path]) -> None:
    populate(env["subs"])
    local = run_batch(_config(env, env["out"] / "local"), fake_grade, None)
    cfg = _config(env, env["out"] / "wire")
    wire = WireExecutor(cfg.release, capacity=1)
    summary = run_batch(cfg, fake_grade, None, executor=wire)
    assert summary.exit_code == local.exit_code == 0
    assert (cfg.out / "grades.csv").read_bytes() == (env["out"] / "local" / "grades.csv").read_bytes()
    for sid in ("alice", "bob", "dave"):
        assert (cfg.out / sid / "feedback.md").read_text() == (
            env["out"] / "local" / sid / "feedback.md"
        ).read_text()
    # only gradable submissions reach an executor; intake failures are recorded by the client
    assert sorted(wire.submitted) == ["=HYPERLINK(1)", "alice", "bob", "dave"]
    assert wire.most_in_flight == 1


def test_a_failed_future_is_grader_error_and_the_others_are_graded(env: dict[str, Path]) -> None:
    populate(env["subs"])
    cfg = _config(env, env["out"])
    summary = run_batch(cfg, fake_grade, None, executor=WireExecutor(cfg.release, fail="bob"))
    assert summary.exit_code == 1 and summary.grader_errors == ("bob",)
    grades = read_csv(cfg.out)
    assert grades["bob"]["status"] == "grader_error" and grades["bob"]["total"] == ""
    assert grades["alice"]["status"] == "ok" and grades["alice"]["total"] == "80.00"


def test_the_executor_option() -> None:
    assert parse_executor("local") == "local"
    assert parse_executor("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    for bad in ("10.0.0.5:8786", "tcp://host", "http://h:1", "tcp://:8786", "dask"):
        with pytest.raises(ValueError, match="tcp://HOST:PORT"):
            parse_executor(bad)


def test_the_release_archive_is_content_addressed_and_verified(tmp_path: Path) -> None:
    release = REPO / "assignments" / "2026-fall"
    archive = pack_release(release)
    assert pack_release(release).digest == archive.digest
    assert set(archive.files) == {
        "manifest.json",
        *json.loads((release / "manifest.json").read_text())["files"],
    }
    assert not any(str(REPO) in k for k in archive.files)
    cache = tmp_path / "cache"
    root = unpack_release(archive.files, archive.digest, cache)
    assert (
        root == cache / archive.digest
        and (root / "ch02_performance.ipynb").read_bytes()
        == (release / "ch02_performance.ipynb").read_bytes()
    )
    assert ReleaseInfo.load(root).version == "2026-fall"
    tampered = {**archive.files, "jaxcourse/kernels.py": b"print('hi')\n"}
    with pytest.raises(ReleaseArchiveError, match="does not match its sha256"):
        unpack_release(tampered, archive.digest, tmp_path / "other")
    with pytest.raises(ReleaseArchiveError, match="does not match its digest"):
        unpack_release(archive.files, "0" * 64, tmp_path / "other")
    extra: dict[str, Any] = {**archive.files, "evil.py": b""}
    with pytest.raises(ReleaseArchiveError, match="other files"):
        unpack_release(extra, archive.digest, tmp_path / "other")
    copy = tmp_path / "copy"
    shutil.copytree(release, copy)
    (copy / "kernels" / "rms_norm.cc").write_text("// changed\n")
    with pytest.raises(ReleaseArchiveError, match="does not match its sha256 in manifest.json"):
        pack_release(copy)


def test_the_worker_refuses_a_submission_it_cannot_trust(env: dict[str, Path]) -> None:
    from autograder.grade.codec import CodecError
    from autograder.grade.intake import discover, intake_student

    populate(env["subs"])
    students = discover(env["subs"]).students
    sub = intake_student("alice", students["alice"], release_version="2026-fall")
    wire = json.loads(json.dumps(encode_submission(sub)))
    assert decode_submission(wire).extra_files == {"silu.cc": b"// kernel"}
    for path in ("../silu.cc", "/etc/passwd", "a//b", "./x"):
        bad = json.loads(json.dumps(wire))
        bad["extra_files"][path] = bad["extra_files"].pop("silu.cc")
        with pytest.raises(CodecError, match="not a safe relative path"):
            decode_submission(bad)
    bad = json.loads(json.dumps(wire))
    bad["extra_files"]["silu.cc"] = "not base64!"
    with pytest.raises(CodecError, match="not base64"):
        decode_submission(bad)
    assert decode_submission(wire).student_id == "alice"  # per-student variants follow it
    bad = json.loads(json.dumps(wire))
    bad["host_path"] = "/home/ta/subs/alice"
    with pytest.raises(CodecError, match="unexpected keys"):
        decode_submission(bad)
    for student in ("", "a\nb", 7):
        bad = json.loads(json.dumps(wire))
        bad["student_id"] = student
        with pytest.raises(CodecError):
            decode_submission(bad)


def _cache_folder(parent: Path, name: str) -> Path:
    """A cache folder laid out as warm-cache publishes it (entry bytes are opaque to the archive)."""
    from autograder.grade import compile_cache

    files = {f"jit_f{i}-{i:064x}-cache": f"entry {i}".encode() for i in range(3)}
    parent.mkdir(parents=True, exist_ok=True)
    compile_cache.write_entries(files, parent / name)
    return parent / name


def test_the_compile_cache_archive_is_content_addressed_and_verified(tmp_path: Path) -> None:
    import os
    import stat

    from autograder.executors.cache_archive import CacheArchiveError, pack_compile_cache, unpack_compile_cache
    from autograder.grade import compile_cache

    release = REPO / "assignments" / "2026-fall"
    name = compile_cache.cache_name((release / "manifest.json").read_bytes(), "2026-fall")
    folder = _cache_folder(tmp_path / "client", name)
    (folder.parent / "stray").write_text("x")
    os.chmod(folder, 0o755)
    (folder / "jaxgrade-not-an-entry.txt").write_text("dropped")
    os.symlink("/etc/passwd", folder / f"jit_link-{'0' * 64}-cache")
    archive = pack_compile_cache(folder)
    assert archive.name == name and sorted(archive.files) == [f"jit_f{i}-{i:064x}-cache" for i in range(3)]
    assert pack_compile_cache(folder).digest == archive.digest

    root = tmp_path / "worker" / "xla"
    dest = unpack_compile_cache(archive.files, archive.digest, name, root)
    assert dest == root / archive.digest / name
    assert compile_cache.read_entries(dest) == archive.files
    assert stat.S_IMODE(os.stat(dest).st_mode) == 0o711 and stat.S_IMODE(os.stat(root).st_mode) == 0o711
    assert {stat.S_IMODE(os.stat(p).st_mode) for p in dest.iterdir()} == {0o444}
    assert compile_cache.usable(dest) is None
    with pytest.raises(CacheArchiveError, match="does not match its digest"):
        unpack_compile_cache({**archive.files, f"jit_f0-{0:064x}-cache": b"changed"}, archive.digest, name,
                             tmp_path / "other")  # fmt: skip
    with pytest.raises(CacheArchiveError, match="holds a file named"):
        unpack_compile_cache({**archive.files, "../evil": b""}, archive.digest, name, tmp_path / "other")
    with pytest.raises(CacheArchiveError, match="not a compile cache name"):
        unpack_compile_cache(archive.files, archive.digest, "../x", tmp_path / "other")
    assert not (tmp_path / "other" / archive.digest).exists()
    with pytest.raises(CacheArchiveError, match="holds no entries"):
        pack_compile_cache(tmp_path / "client")


def test_a_worker_uses_only_a_cache_named_for_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Same release, child code, jaxlib and CPU: unpacked and used. A cache named for another CPU is
    never unpacked, and the worker says why once however many tasks bring it."""
    import logging
    import tempfile

    from autograder.executors.cache_archive import pack_compile_cache
    from autograder.executors.dask_tasks import worker_compile_cache
    from autograder.grade import compile_cache

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "worker-tmp"))
    (tmp_path / "worker-tmp").mkdir()
    release = ReleaseInfo.load(REPO / "assignments" / "2026-fall")
    own = compile_cache.cache_name((release.root / "manifest.json").read_bytes(), release.version)
    good = pack_compile_cache(_cache_folder(tmp_path / "a", own))
    other_cpu = own.rsplit("-cpu", 1)[0] + "-cpu" + "0" * 12
    bad = pack_compile_cache(_cache_folder(tmp_path / "b", other_cpu))
    caplog.set_level(logging.INFO, logger="distributed.worker.jaxgrade")
    used = worker_compile_cache({"name": own, "digest": good.digest}, good.files, release, "bwrap")
    assert used is not None and compile_cache.read_entries(used) == good.files
    for _ in range(3):
        spec = {"name": other_cpu, "digest": bad.digest}
        assert worker_compile_cache(spec, bad.files, release, "bwrap") is None
    refusals = [r.getMessage() for r in caplog.records if "not used" in r.getMessage()]
    assert len(refusals) == 1, refusals
    assert "made for another CPU (machine and CPU flags): 000000000000 there" in refusals[0]
    assert not (tmp_path / "worker-tmp" / "jaxgrade-worker" / "xla" / bad.digest).exists()
