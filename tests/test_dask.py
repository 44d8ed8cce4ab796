"""`jaxgrade grade --executor tcp://...` on a real Dask cluster on loopback.

The cluster is Dask's own CLI (`dask scheduler`, two `dask worker --nthreads 1 --resources
grader=1`, allowed-failures 1), started and stopped by the fixtures (tests/helpers/dask_cluster.py). Every
grading is real: the workers run the runner with bwrap-sandboxed children, as a local run does.
Real gradings are few (this machine is slow): one full batch of the example submissions per
executor, fault tests with `--exercises histogram`.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from autograder.grade.codec import (
    CodecError,
    decode_result,
    decode_submission,
    encode_result,
    encode_submission,
)
from autograder.model import ReleaseInfo

from helpers.batch_cli import JAXGRADE, SCALE, grade, rows, sandbox_prerequisites
from helpers.dask_cluster import LoopbackCluster, kill_while_executing, two_worker_cluster
from helpers.paths import EXAMPLES, RELEASE, REPO
from helpers.ports import free_port

pytestmark = pytest.mark.slow


if sandbox_prerequisites():  # pragma: no cover - only where the sandbox cannot run
    print(f"test_dask skipped: {sandbox_prerequisites()}", file=sys.stderr)
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=sandbox_prerequisites())]


def student_files(out: Path) -> dict[str, str]:
    """Everything a student and the TA get that does not hold a timing (results.json has one)."""
    files = {"grades.csv": (out / "grades.csv").read_text()}
    for p in sorted(out.glob("*/feedback.md")):
        files[str(p.relative_to(out))] = p.read_text()
    return files


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackCluster]:
    with two_worker_cluster(tmp_path_factory.mktemp("dask-logs")) as c:
        yield c


@pytest.fixture
def two_workers(cluster: LoopbackCluster) -> LoopbackCluster:
    """The module cluster with both workers back (a killed worker is restarted by its nanny)."""
    cluster.wait_for_workers(2)
    return cluster


# ---------------------------------------------------------------------------------- fast checks


def test_unreachable_scheduler_exits_1_with_a_clear_message(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    r = grade(EXAMPLES, tmp_path / "out", "--executor", f"tcp://127.0.0.1:{port}")
    assert r.returncode == 1, r.stderr
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in r.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()


def test_a_bad_executor_address_is_a_usage_error(tmp_path: Path) -> None:
    r = grade(EXAMPLES, tmp_path / "out", "--executor", "127.0.0.1:8786")
    assert r.returncode == 2
    assert "use 'local' or a Dask scheduler address tcp://HOST:PORT" in r.stderr


def test_mismatched_and_unusable_workers_are_refused_by_name(tmp_path: Path) -> None:
    """A worker running another jaxgrade (a copy of the sources with one comment changed: a real
    other grader version) is refused; a worker without bwrap on PATH is not used. With no usable
    worker left the command exits 1 before grading anything, and both workers hold no grading slot."""
    other = tmp_path / "other-jaxgrade"
    for folder in ("autograder", "jaxcourse"):
        shutil.copytree(REPO / folder, other / folder, ignore=shutil.ignore_patterns("__pycache__"))
    with (other / "autograder" / "__init__.py").open("a") as fh:
        fh.write("# another grader version\n")
    no_bwrap = tmp_path / "bin"
    no_bwrap.mkdir()
    os.symlink(shutil.which("clang++") or "clang++", no_bwrap / "clang++")
    c = LoopbackCluster(tmp_path / "logs")
    c.start_scheduler()
    try:
        c.start_worker("old-version", env={**c.env, "PYTHONPATH": str(other)}, cwd=other)
        c.start_worker("no-bwrap", env={**c.env, "PATH": str(no_bwrap)})
        c.wait_for_workers(2)
        r = grade(EXAMPLES, tmp_path / "out", "--executor", c.address)
        assert r.returncode == 1, r.stderr
        assert "refused Dask worker old-version" in r.stderr
        assert "install the same jaxgrade there" in r.stderr
        assert "not using Dask worker no-bwrap" in r.stderr and "no working bwrap" in r.stderr
        assert "no usable Dask worker" in r.stderr
        resources = {
            w["name"]: w["resources"] for w in c.client().scheduler_info(n_workers=-1)["workers"].values()
        }
        assert resources == {"old-version": {"grader": 0.0}, "no-bwrap": {"grader": 0.0}}
    finally:
        c.stop()


# ---------------------------------------------------------------------------- the example batch


@pytest.fixture(scope="module")
def local_reference(examples_batch) -> Path:
    """The local executor's output for the examples (plus a blank release): the session's one grading
    of that folder (tests/conftest.py), which test_end_to_end.py judges too."""
    assert examples_batch.proc.returncode == 0, examples_batch.proc.stderr
    return examples_batch.out


@pytest.fixture(scope="module")
def reference_subs(examples_batch) -> Path:
    return examples_batch.subs


def test_examples_on_dask_equal_local_even_when_a_worker_is_killed(
    two_workers: LoopbackCluster, local_reference: Path, reference_subs: Path, tmp_path: Path
) -> None:
    """The example submissions on two workers, one of them SIGKILLed while it grades: Dask
    reschedules that student, and grades.csv and every feedback.md equal the local executor's
    byte for byte. Rerunning the same command is answered from the gradebook."""
    out = tmp_path / "out"
    finished = threading.Event()
    killed: list[str] = []
    killer = threading.Thread(
        target=lambda: killed.extend(
            kill_while_executing(
                two_workers, lambda key: key.startswith("jaxgrade-grade-"), times=1, stop=finished.is_set
            )
        )
    )
    killer.start()
    try:
        r = grade(reference_subs, out, "--executor", two_workers.address)
    finally:
        finished.set()
        killer.join()
    assert r.returncode == 0, r.stderr
    assert len(killed) == 1, "no worker was killed while grading"
    assert "2 usable worker(s), 2 grading slot(s)" in r.stderr
    assert f"- executor: dask {two_workers.address}, 2 grading slot(s)" in (out / "report.md").read_text()
    assert student_files(out) == student_files(local_reference)
    assert {s: v["state"] for s, v in rows(out).items()} == {s: "graded" for s in rows(local_reference)}

    again = grade(reference_subs, out, "--executor", two_workers.address)
    assert again.returncode == 0, again.stderr
    assert again.stderr.count("(unchanged)") == len(rows(out))
    assert student_files(out) == student_files(local_reference)


def test_results_survive_the_wire_format(local_reference: Path) -> None:
    """Every real result of the batch round-trips through the result codec unchanged, and the
    checks refuse what a broken or lying worker could send."""
    from autograder.grade.gradebook import Gradebook

    release = ReleaseInfo.load(RELEASE)
    gb = Gradebook(local_reference / "gradebook.sqlite")
    try:
        results = [r for sid in rows(local_reference) if (r := gb.load_result(sid)) is not None]
    finally:
        gb.close()
    assert len(results) == 6  # the five examples and the blank release
    for res in results:
        back = decode_result(
            encode_result(res),
            student_id=res.student_id,
            content_hash_hex=res.content_hash,
            release=release,
            exercises=(),
        )
        assert back == res
    good = next(r for r in results if r.status == "ok")
    doc = json.loads(encode_result(good))
    ex = next(iter(doc["scores"]))

    def refused(mutate: object, match: str) -> None:
        bad = json.loads(json.dumps(doc))
        mutate(bad)  # type: ignore[operator]
        with pytest.raises(CodecError, match=match):
            decode_result(
                json.dumps(bad),
                student_id="x",
                content_hash_hex=good.content_hash,
                release=release,
                exercises=(),
            )

    refused(lambda d: d["scores"][ex].update(score=d["scores"][ex]["max_score"] + 1), "above")
    refused(lambda d: d["scores"][ex].update(max_score=99.0, score=1.0), "differs from the release")
    refused(lambda d: d["scores"].update(histogram2=d["scores"][ex]), "not graded")
    refused(lambda d: d["scores"][ex].update(status="excellent"), "not in the vocabulary")
    refused(lambda d: d.update(status="ok; rm -rf"), "not a status")
    refused(lambda d: d.update(content_hash="0" * 64), "another submission")
    refused(lambda d: d.update(extra=1), "unexpected keys")
    refused(lambda d: d["scores"][ex]["tests"][0].update(name="fusion: x"), "does not belong")
    refused(lambda d: d["flags"].append("Tampered!"), "not a flag name")
    with pytest.raises(CodecError, match="non-finite"):
        decode_result(
            encode_result(good).replace(f'"score":{good.scores[ex].score}', '"score":NaN', 1),
            student_id="x",
            content_hash_hex=good.content_hash,
            release=release,
            exercises=(),
        )
    with pytest.raises(CodecError, match="not graded"):
        decode_result(
            encode_result(good),
            student_id="x",
            content_hash_hex=good.content_hash,
            release=release,
            exercises=("histogram",),
        )
    assert math.isfinite(good.total)


def test_a_submission_travels_without_its_id_and_with_a_proven_hash() -> None:
    from autograder.grade.intake import discover, intake_student

    students = discover(EXAMPLES).students
    sub = intake_student("s001_all_correct", students["s001_all_correct"], release_version="2026-fall")
    wire = json.loads(json.dumps(encode_submission(sub)))
    assert wire["student_id"] == "s001_all_correct"  # it decides per-student variants; no path travels
    assert str(EXAMPLES) not in json.dumps(wire)
    back = decode_submission(wire)
    assert back.content_hash == sub.content_hash and back.notebooks == sub.notebooks
    assert back.extra_files == sub.extra_files and back.student_id == sub.student_id
    first = next(iter(wire["notebooks"].values()))["notebook"]
    code = next(c for c in first["cells"] if c["cell_type"] == "code")
    code["source"] = "import os\n" + "".join(code["source"])
    with pytest.raises(CodecError, match="does not match its content_hash"):
        decode_submission(wire)


def test_a_refusal_travels_as_the_same_student_input_error() -> None:
    """What a worker sends when its grading raised StudentInputError: the client gets the same error
    back (for the same submission only); a result is no refusal."""
    from autograder.grade.codec import decode_refusal, encode_refusal
    from autograder.model import StudentResult
    from autograder.student_input import StudentInputError

    h = "a" * 64
    text = encode_refusal(h, StudentInputError("array frame: unknown dtype 'f3'", "数组观测结果的类型无效"))
    back = decode_refusal(text, content_hash_hex=h)
    assert isinstance(back, StudentInputError)
    assert (back.detail, back.message_zh) == ("array frame: unknown dtype 'f3'", "数组观测结果的类型无效")
    surrogate = encode_refusal(h, StudentInputError("x\ud800", "y"))
    assert decode_refusal(surrogate, content_hash_hex=h).detail == "x\ufffd"  # type: ignore[union-attr]
    with pytest.raises(CodecError, match="another submission"):
        decode_refusal(text, content_hash_hex="b" * 64)
    with pytest.raises(CodecError, match="unexpected keys"):
        decode_refusal(text.replace('"detail"', '"details"'), content_hash_hex=h)
    ok = encode_result(StudentResult("x", h, "2026-fall", {}, "ok", ()))
    assert decode_refusal(ok, content_hash_hex=h) is None
    assert decode_refusal("not json", content_hash_hex=h) is None


# ---------------------------------------------------------------------------------- fault tests


def _poison_copy(dest: Path) -> Path:
    """s005 with one extra line in its first answer cell: a submission of its own (own content hash)
    that takes a few seconds on the worker (a sleep in the sandboxed child), so a test can kill the
    worker mid-task on a fast machine too."""
    nb = json.loads((EXAMPLES / "s005_only_ch02.ipynb").read_text())
    cell = next(
        c
        for c in nb["cells"]
        if c["cell_type"] == "code" and c["metadata"].get("jaxgrade", {}).get("role") == "answer"
    )
    src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    cell["source"] = "import time; time.sleep(8)  # kills its worker (tests/test_dask.py)\n" + src
    dest.write_text(json.dumps(nb))
    return dest


def _task_key_of(subs: Path, sid: str, exercises: tuple[str, ...]) -> str:
    """The Dask key jaxgrade gives this student's task, computed with jaxgrade's own functions."""
    from autograder.executors.dask_executor import task_key, wire_settings
    from autograder.executors.release_archive import pack_release
    from autograder.executors.version import grader_version
    from autograder.grade.intake import discover, intake_student
    from autograder.grade.run import RunSettings

    students = discover(subs).students
    sub = intake_student(sid, students[sid], release_version="2026-fall")
    settings = RunSettings.from_options(isolation="bwrap", exercises=exercises, timeout_scale=float(SCALE))
    return task_key(
        sub.content_hash, sub.student_id, pack_release(RELEASE).digest, grader_version(),
        wire_settings(settings),
    )


def test_a_poison_submission_ends_in_grader_error_and_the_student_queued_behind_it_is_graded(
    tmp_path: Path,
) -> None:
    """A submission whose grading kills its worker every time, on a cluster of one worker.

    Student code cannot honestly kill a worker: it runs in bwrap children under another uid, in
    their own pid namespace and with their own rlimits (the nanny's memory limit counts only the
    worker process, not those children). So the poison is this test: a thread finds the worker
    executing the poison's task (by its key, from the workers' executing sets) and SIGKILLs that
    worker process from outside, each time the task runs.

    The other student's task waits on the same worker, so the scheduler counts each death against it
    too: with allowed-failures 1 both are given up after the second death (before the solo lane, the
    bystander ended `grader_error` here). Each then gets one try alone (`<key>-alone`): the bystander
    is graded, the poison kills two more workers and is `grader_error` (no score, empty cells in
    grades.csv)."""
    from autograder.executors.dask_executor import SECOND_TRY_SUFFIX

    subs = tmp_path / "subs"
    subs.mkdir()
    _poison_copy(subs / "a_poison.ipynb")  # first by name: submitted first, run first on the worker
    shutil.copy(EXAMPLES / "s005_only_ch02.ipynb", subs / "s005_only_ch02.ipynb")
    key = _task_key_of(subs, "a_poison", ("histogram",))
    finished = threading.Event()
    killed: list[str] = []
    c = LoopbackCluster(tmp_path / "logs")
    c.start_scheduler()
    try:
        c.start_worker("only")
        c.wait_for_workers(1)
        killer = threading.Thread(target=lambda: killed.extend(kill_while_executing(
            c, lambda k: k in (key, key + SECOND_TRY_SUFFIX), times=6, stop=finished.is_set, settle_s=1.0)))
        killer.start()
        try:
            r = grade(subs, tmp_path / "out", "--executor", c.address, "--exercises", "histogram")
        finally:
            finished.set()
            killer.join()
    finally:
        c.stop()
    assert r.returncode == 1, r.stderr
    got = rows(tmp_path / "out")
    assert got["s005_only_ch02"] == {"state": "graded", "status": "partial:not_submitted:ch05", "error": ""}
    assert got["a_poison"]["state"] == "grader_error"
    assert "died each time" in got["a_poison"]["error"] and "alone" in got["a_poison"]["error"]
    csv_rows = (tmp_path / "out" / "grades.csv").read_text().splitlines()
    assert "a_poison,,,,,,,,,,,grader_error" in csv_rows
    assert any(line.startswith("s005_only_ch02,10.00,") for line in csv_rows)
    assert [k.rsplit(" key ", 1)[1] for k in killed] == [key, key] + [key + SECOND_TRY_SUFFIX] * 2, killed


def test_scheduler_lost_mid_run_then_rerun_resumes(tmp_path: Path) -> None:
    """The scheduler dies after the first of two students is graded: the unfinished one becomes
    `grader_error` (exit 1); the same command against a new scheduler grades only that one."""
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(EXAMPLES / "s005_only_ch02.ipynb", subs / "a_first.ipynb")
    _poison_copy(subs / "b_second.ipynb")  # a second, different submission (nobody kills it here)
    out = tmp_path / "out"
    c = LoopbackCluster(tmp_path / "logs")
    c.start_scheduler()
    try:
        c.start_worker("solo")
        c.wait_for_workers(1)
        proc = subprocess.Popen(
            [
                JAXGRADE,
                "grade",
                str(subs),
                "--out",
                str(out),
                "--release",
                str(RELEASE),
                "--timeout-scale",
                SCALE,
                "--exercises",
                "histogram",
                "--executor",
                c.address,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        deadline = time.time() + 600
        while time.time() < deadline and proc.poll() is None:
            if (out / "gradebook.sqlite").exists() and "graded" in {v["state"] for v in rows(out).values()}:
                break
            time.sleep(0.3)
        c.kill_scheduler()
        _, stderr = proc.communicate(timeout=300)
        assert proc.returncode == 1, stderr
        first = rows(out)
        assert sorted(v["state"] for v in first.values()) == ["graded", "grader_error"], first
        lost = next(v for v in first.values() if v["state"] == "grader_error")
        assert "rerun to resume" in lost["error"]

        c.stop()
        c = LoopbackCluster(tmp_path / "logs2", port=c.port)  # the same address: the same command
        c.start_scheduler()
        c.start_worker("solo")
        c.wait_for_workers(1)
        r = grade(subs, out, "--exercises", "histogram", "--executor", c.address)
        assert r.returncode == 0, r.stderr
        assert r.stderr.count("(unchanged)") == 1
        assert {v["state"] for v in rows(out).values()} == {"graded"}
    finally:
        c.stop()


def test_a_grader_fault_on_the_workers_is_retried_once_then_grader_error(
    two_workers: LoopbackCluster, tmp_path: Path
) -> None:
    """A real grader fault on the workers (container isolation with an image that does not exist:
    the runner raises GraderFault when it makes the sandbox): Dask runs the task twice (the
    scheduler's story shows two attempts), then the student is `grader_error`, never a 0."""
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(EXAMPLES / "s005_only_ch02.ipynb", subs / "s005_only_ch02.ipynb")
    image = "localhost/jaxgrade-test-no-such-image:0"
    args = ("--isolation", "container", "--engine", "podman", "--image", image, "--exercises", "histogram")
    r = grade(subs, tmp_path / "out", "--executor", two_workers.address, *args)
    assert r.returncode == 1, r.stderr
    row = rows(tmp_path / "out")["s005_only_ch02"]
    assert row["state"] == "grader_error"
    assert "failed on the Dask workers" in row["error"] and "container" in row["error"]
    assert (
        "s005_only_ch02,,,,,,,,,,,grader_error" in (tmp_path / "out" / "grades.csv").read_text().splitlines()
    )
    from autograder.executors.dask_executor import task_key, wire_settings
    from autograder.executors.release_archive import pack_release
    from autograder.executors.version import grader_version
    from autograder.grade.intake import discover, intake_student
    from autograder.grade.run import RunSettings

    students = discover(subs).students
    sub = intake_student("s005_only_ch02", students["s005_only_ch02"], release_version="2026-fall")
    settings = RunSettings.from_options(
        isolation="container",
        engine="podman",
        image=image,
        exercises=("histogram",),
        timeout_scale=float(SCALE),
    )
    key = task_key(
        sub.content_hash, sub.student_id, pack_release(RELEASE).digest, grader_version(),
        wire_settings(settings),
    )
    story = two_workers.client().story(key)
    attempts = [e for e in story if e[1] == key and e[3] == "processing"]  # (source, key, start, finish, ...)
    assert len(attempts) == 2, story


# ------------------------------------------------------------------------- the trusted compile cache


def _trusted_cache(parent: Path, name: str) -> Path:
    from helpers.trusted_cache import fill_trusted

    parent.mkdir(parents=True)
    return fill_trusted(parent / name)


def _cache_probe_students(subs: Path) -> Path:
    """`probe`: a ch02 notebook whose safe_distance cell compiles the cached function, then tries to
    list and change the cache (tests/helpers/trusted_cache.py HOSTILE_CELL); and s005 (ch02 correct)."""
    from autograder.release.compile_cache import with_answers

    from helpers.trusted_cache import HOSTILE_CELL

    release = ReleaseInfo.load(RELEASE)
    released = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    subs.mkdir()
    (subs / "probe.ipynb").write_text(json.dumps(with_answers(released, {"safe_distance": [HOSTILE_CELL]})))
    shutil.copy(EXAMPLES / "s005_only_ch02.ipynb", subs / "s005_only_ch02.ipynb")
    return subs


def _cache_report(out: Path) -> dict[str, object]:
    text = (out / "probe" / "feedback.md").read_text(encoding="utf-8")
    assert "jaxgrade_cache_report " in text, text
    return json.loads(text.split("jaxgrade_cache_report ", 1)[1].split("}", 1)[0] + "}")


def _worker_log_lines(cluster: LoopbackCluster, needle: str) -> dict[str, int]:
    return {name: (cluster.log_dir / f"{name}.log").read_text(errors="replace").count(needle)
            for name in cluster.workers}  # fmt: skip


def own_cache_name() -> str:
    from autograder.grade import compile_cache

    return compile_cache.cache_name((RELEASE / "manifest.json").read_bytes(), "2026-fall")


def test_workers_get_the_clients_compile_cache_read_only(
    two_workers: LoopbackCluster, tmp_path: Path
) -> None:
    """`--compile-cache DIR` on the client: the workers unpack the same entries once into a folder of
    their own (0711, entries 0444, the worker's user), the probe's child gets an entry served by key
    and can neither list nor change the folder, and grades.csv and every feedback.md equal a local
    run with the same cache byte for byte."""
    from autograder.executors.cache_archive import default_root, pack_compile_cache
    from autograder.grade import compile_cache

    name = own_cache_name()
    cache = _trusted_cache(tmp_path / "xla", name)
    subs = _cache_probe_students(tmp_path / "subs")
    args = ("--exercises", "safe_distance", "--compile-cache", str(cache))
    local = grade(subs, tmp_path / "local", "--jobs", "2", *args)
    assert local.returncode == 0, local.stderr
    r = grade(subs, tmp_path / "out", "--executor", two_workers.address, *args)
    assert r.returncode == 0, r.stderr
    assert f"compile cache {name} (" in r.stderr and "goes to the Dask workers" in r.stderr
    assert student_files(tmp_path / "out") == student_files(tmp_path / "local")

    report = _cache_report(tmp_path / "out")
    assert report["hits"] >= 1 and report["key"] and report["read"] == "ok", report
    assert report["list"] == "EACCES", report
    for attempt in ("rewrite", "chmod", "rename", "unlink", "create", "chmod_dir"):
        assert report[attempt] != "ok", (attempt, report)

    archive = pack_compile_cache(cache)
    on_worker = default_root() / archive.digest / name
    assert compile_cache.read_entries(on_worker) == archive.files  # unchanged by the children
    st = os.stat(on_worker)
    assert (stat.S_IMODE(st.st_mode), st.st_uid) == (0o711, os.geteuid())
    assert {stat.S_IMODE(os.stat(p).st_mode) for p in on_worker.iterdir()} == {0o444}
    used = _worker_log_lines(two_workers, f"compile cache {name} from the client used")
    assert sum(used.values()) >= 1 and max(used.values()) <= 1, used


def test_a_cache_made_for_another_cpu_is_not_used_by_the_workers(
    two_workers: LoopbackCluster, tmp_path: Path
) -> None:
    """The same entries under the name of another CPU: no worker unpacks or mounts them (the probe's
    child has no cache), each worker says why once in its log, and grading goes on without it."""
    from autograder.executors.cache_archive import default_root, pack_compile_cache

    other = own_cache_name().rsplit("-cpu", 1)[0] + "-cpu" + "0" * 12
    cache = _trusted_cache(tmp_path / "xla", other)
    subs = _cache_probe_students(tmp_path / "subs")
    r = grade(subs, tmp_path / "out", "--executor", two_workers.address, "--exercises", "safe_distance",
              "--compile-cache", str(cache))  # fmt: skip
    assert r.returncode == 0, r.stderr
    report = _cache_report(tmp_path / "out")
    assert report["hits"] == 0 and not report["key"], report
    assert not (default_root() / pack_compile_cache(cache).digest).exists()
    said = _worker_log_lines(two_workers, f"compile cache {other} from the client not used, grading without: "
                             "made for another CPU (machine and CPU flags): 000000000000 there")  # fmt: skip
    assert sum(said.values()) >= 1 and max(said.values()) <= 1, said
    rows_out = (tmp_path / "out" / "grades.csv").read_text().splitlines()
    assert any(line.startswith("s005_only_ch02,") for line in rows_out)


def test_a_student_input_error_on_a_worker_is_the_students_status_as_in_a_local_batch(
    two_workers: LoopbackCluster, tmp_path: Path
) -> None:
    """#20: grading on a Dask worker that raises StudentInputError (h33's array frame refused by the
    real decoder, tests/helpers/refusing_worker.py) gives the student `malformed:unusable_input`, the
    same gradebook row, grades.csv and feedback as a local batch whose grading raises it, not a
    grader_error."""
    import cloudpickle

    from autograder.commands import grade as grade_command

    from helpers import refusing_worker
    from helpers.fake_grading import parser

    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(REPO / "tests" / "corpus" / "hostile" / "h33_frame_dtype" / "h33_frame_dtype.ipynb", subs)
    args = ["--exercises", "histogram"]
    local = tmp_path / "local"
    argv = [str(subs), "--out", str(local), "--release", str(RELEASE), *args]
    assert grade_command.run(parser().parse_args(argv), grade_fn=refusing_worker.refused_grade) == 0
    client = two_workers.client()
    cloudpickle.register_pickle_by_value(refusing_worker)
    try:
        assert set(client.run(refusing_worker.refuse_grading).values()) == {"refusing"}
        r = grade(subs, tmp_path / "out", "--executor", two_workers.address, *args)
    finally:
        client.run(refusing_worker.restore_grading)
        cloudpickle.unregister_pickle_by_value(refusing_worker)
    assert r.returncode == 0, r.stderr
    want = {"h33_frame_dtype": {"state": "graded", "status": "malformed:unusable_input", "error": ""}}
    assert rows(local) == want and rows(tmp_path / "out") == want, r.stderr
    assert student_files(tmp_path / "out") == student_files(local)
    assert "数组观测结果的类型无效" in (local / "h33_frame_dtype" / "feedback.md").read_text(encoding="utf-8")
