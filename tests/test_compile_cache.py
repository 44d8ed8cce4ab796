"""The trusted XLA compile cache: a child reads entries by key and can neither add nor change one.

A trusted process (this test's own subprocess, no student code) compiles a known function into a
staging folder; `release.compile_cache.publish` turns it into the grader-owned read-only cache the
runner mounts. Then the real runner grades a hostile notebook (real sandbox, real JAX) whose answer
cell compiles the same function (a cache hit: the entry is served), learns the entry's key from
JAX's own log, and tries to list the folder, rewrite, chmod, rename, unlink the entry, create a new
one, and make JAX write a new entry (min compile time 0). It reports what happened in the message
of the exception it raises last (the student's feedback shows a cell's first error line). The
folder must be byte-identical afterwards, whatever the notebook reports.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

import pytest

from autograder.grade import compile_cache
from autograder.model import ChapterNotebook, GraderFault, ReleaseInfo, StudentSubmission
from autograder.release.compile_cache import private_staging, publish, trusted_entries, with_answers
from autograder.sandbox.rlimit import uid_can_reach

from helpers.paths import RELEASE, REPO
from helpers.trusted_cache import HOSTILE_CELL, fill_trusted, snapshot

UIDS = tuple(range(65480, 65484))  # private to this test (the runner takes one per job with an flock)


def _real_grader_available() -> str | None:
    if os.geteuid() != 0:
        return "needs root (sandbox uids)"
    if shutil.which("bwrap") is None:
        return "needs bwrap"
    return None


@pytest.fixture(scope="module")
def trusted_cache() -> Path:
    """A published trusted cache under a fresh 0711 folder in the system temp dir, so rlimit
    children (other uids) can pass through to it by name."""
    base = Path(tempfile.mkdtemp(prefix="jaxgrade-cc-test-"))
    os.chmod(base, 0o711)
    yield fill_trusted(base / "cache")
    shutil.rmtree(base, ignore_errors=True)


def test_publish_keeps_only_entries_read_only(trusted_cache: Path) -> None:
    snap = snapshot(trusted_cache)
    assert snap["mode"] == 0o711 and snap["uid"] == os.geteuid()
    assert snap["files"] and all(compile_cache.ENTRY_NAME.fullmatch(n) for n in snap["files"])
    assert all(mode == 0o444 for _, mode, _ in snap["files"].values())
    assert any(n.startswith("jit_jaxgrade_cached-") for n in snap["files"])
    assert compile_cache.usable(trusted_cache, reachable_by_others=True) is None


def test_usable_refuses_a_folder_others_can_write(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    os.chmod(folder, 0o733)
    assert "writable" in (compile_cache.usable(folder) or "")
    os.chmod(folder, 0o711)
    assert compile_cache.usable(folder) is None
    assert "not filled" in (compile_cache.usable(tmp_path / "missing") or "")


def test_children_never_get_the_cache_unsandboxed(tmp_path: Path) -> None:
    assert compile_cache.for_child(tmp_path, False, "none") is None
    child = compile_cache.for_child(tmp_path, False, "bwrap")
    assert child is not None and not child.writable
    assert child.env()["JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"] == compile_cache.NEVER_WRITE_S


@pytest.mark.parametrize("isolation", ["bwrap", "rlimit"])
def test_child_cannot_add_or_change_an_entry(trusted_cache: Path, isolation: str) -> None:
    missing = _real_grader_available()
    python = os.path.realpath(sys.executable)
    if isolation == "rlimit" and not missing and not uid_can_reach(Path(python), UIDS[0], UIDS[0]):
        missing = f"rlimit mode: sandbox uids cannot reach the interpreter {python} (run it in the image)"
    if missing:
        pytest.skip(f"real sandbox unavailable: {missing}")
    from autograder.grade.run import RunSettings, grade_submission

    release = ReleaseInfo.load(RELEASE)
    released = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    nb = with_answers(released, {"safe_distance": [HOSTILE_CELL]})
    sub = StudentSubmission(
        "hostile-cache",
        hashlib.sha256(HOSTILE_CELL.encode()).hexdigest(),
        {"ch02": ChapterNotebook("ch02", "ch02.ipynb", nb)},
    )
    before = snapshot(trusted_cache)
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-cc-job-"))  # rlimit: sandbox uids pass through by name
    os.chmod(work, 0o711)
    settings = RunSettings(
        isolation=isolation,
        exercises=("safe_distance",),
        compile_cache=trusted_cache,
        build_cache=work / "build",
        scratch_root=work / "scratch",
        uids=UIDS,
    )
    try:
        result = grade_submission(sub, release, settings)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert snapshot(trusted_cache) == before, "a child changed the trusted compile cache"

    summary = result.scores["safe_distance"].summary_zh
    assert "jaxgrade_cache_report" in summary, summary
    report = json.loads(summary.split("jaxgrade_cache_report ", 1)[1].split("\n", 1)[0])
    assert report["hits"] >= 1 and report["key"], report  # the entry was served to the child by key
    assert report["read"] == "ok", report
    assert report["list"] == "EACCES", report  # the folder cannot be listed: keys cannot be harvested
    for name in ("rewrite", "chmod", "rename", "unlink", "create", "chmod_dir"):
        assert report[name] != "ok", (name, report)
    assert report["misses"] >= 1, report  # JAX was made to try writing a new entry; nothing landed


def test_fill_runs_only_master_answers_and_correct_corpus_variants() -> None:
    from autograder.release.compile_cache import trusted_entries

    release = ReleaseInfo.load(RELEASE)
    corpus = REPO / "tests" / "corpus" / "answers"
    entries = trusted_entries(release, REPO / "solutions", corpus)
    assert entries[0].name == "reference" and set(entries[0].sources.values()) == {"reference"}
    used: dict[str, set[str]] = {}
    for entry in entries[1:]:
        for ex, source in entry.sources.items():
            if source.startswith("corpus:"):
                used.setdefault(ex, set()).add(source.removeprefix("corpus:"))
    for ex, names in used.items():
        expected = json.loads((corpus / ex / "expected.json").read_text(encoding="utf-8"))
        verdicts = {(expected[n].get("verdict") or expected[n].get("expect")) for n in names}
        assert verdicts == {"full"}, (ex, names)
        # an entry that grades another entry's file as another student ("answer", "variant": the
        # recompile corpus) has no text of its own to compile
        full = {n for n, e in expected.items()
                if (e.get("verdict") or e.get("expect")) == "full" and "answer" not in e}  # fmt: skip
        assert names == full, (ex, names, full)  # every correct variant is compiled once
    assert set(used) == {ex for ex in entries[0].sources}, used
    digests = {e.submission.content_hash for e in entries}
    assert len(digests) == len(entries)  # each run has its own seed


def test_container_children_get_the_cache_as_a_read_only_volume(tmp_path: Path) -> None:
    """`--isolation container`: the runner's cache mount (`for_child`, never writable when grading)
    becomes a read-only volume at /sandbox/xla of each child's container, and the child's JAX is told
    never to write. The real container run is tests/test_container.py."""
    from autograder.sandbox.base import Limits
    from autograder.sandbox.container import ContainerSandbox, Engine, ImageInfo

    child = compile_cache.for_child(tmp_path, False, "container")
    assert child is not None and not child.writable
    sandbox = ContainerSandbox(engine=Engine("podman", ("podman",), ()), uid=UIDS[0], gid=UIDS[0])
    info = ImageInfo("sha256:0", "/usr/bin/python3", "/venv/lib/python3.13/site-packages", "", "", "")
    binds = [(child.source, compile_cache.CHILD_TARGET, child.writable)]
    argv = sandbox._run_argv("jaxgrade-test", binds, ["/usr/bin/python3"], child.env(), Limits(),
                             "/sandbox/scratch", info)  # fmt: skip
    volumes = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "--volume"]
    assert [v.split(",")[0] for v in volumes] == [f"{tmp_path.resolve()}:{compile_cache.CHILD_TARGET}:ro"]
    env = dict(argv[i + 1].split("=", 1) for i, word in enumerate(argv[:-1]) if word == "--env")
    assert env["JAX_COMPILATION_CACHE_DIR"] == compile_cache.CHILD_TARGET
    assert env["JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"] == compile_cache.NEVER_WRITE_S


def test_fill_compiles_every_trusted_answer_on_every_pool_structure() -> None:
    """Each (exercise, trusted answer) runs once per structure of the pool (per-student exercises,
    whose inputs are not pooled, once), so a submission's pool entry is always in the cache."""
    from autograder.exercises import load
    from autograder.exercises.structure_pool import POOL_SIZE
    from autograder.release.compile_cache import fill_runs, trusted_entries

    release = ReleaseInfo.load(RELEASE)
    entries = trusted_entries(release, REPO / "solutions", REPO / "tests" / "corpus" / "answers")
    runs = fill_runs(entries)
    covered: dict[tuple[str, str], list[int]] = {}
    for run in runs:
        for ex in run.exercises:
            covered.setdefault((ex, run.entry.sources[ex]), []).append(run.structure_index)
    wanted = {(ex, src) for e in entries for ex, src in e.sources.items()}
    assert set(covered) == wanted
    for (ex, src), indices in covered.items():
        pooled = not load(ex).EXERCISE.per_student
        assert sorted(indices) == (list(range(POOL_SIZE)) if pooled else [0]), (ex, src)
    assert len({run.name for run in runs}) == len(runs)


# --- staging of the fill: private to the grader, and publish() takes only the grader's own entries ---

ENTRY = "jit_f-{}-cache"


def _entry(n: int) -> str:
    return ENTRY.format(f"{n:064x}")


def _plant_staging(staging: Path) -> dict[str, str]:
    """A staging folder holding one good entry and, under entry names, what a sandbox uid could have
    left there if it reached the folder. Returns planted name -> what it is."""
    (staging / _entry(1)).write_bytes(b"trusted executable")
    planted = {}
    foreign = staging / _entry(2)
    foreign.write_bytes(b"jaxgrade_planted machine code")
    os.chown(foreign, UIDS[1], UIDS[1])
    planted[foreign.name] = "owned by a sandbox uid"
    writable = staging / _entry(3)
    writable.write_bytes(b"jaxgrade_planted")
    os.chmod(writable, 0o666)
    planted[writable.name] = "world-writable"
    (staging / _entry(4)).symlink_to(staging / _entry(1))
    planted[_entry(4)] = "symlink"
    os.mkfifo(staging / _entry(5))
    planted[_entry(5)] = "fifo"
    (staging / "jaxgrade_other").write_bytes(b"x")
    os.link(staging / "jaxgrade_other", staging / _entry(6))
    planted[_entry(6)] = "hard link"
    (staging / "jit_f-short-cache").write_bytes(b"x")
    planted["jit_f-short-cache"] = "bad name"
    return planted


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: planted entries are owned by a sandbox uid")
def test_publish_refuses_every_planted_entry_by_name(tmp_path: Path) -> None:
    staging = tmp_path / "staging"
    staging.mkdir(mode=0o700)
    planted = _plant_staging(staging)
    published = publish(staging, tmp_path / "final")
    assert sorted(os.listdir(tmp_path / "final")) == [_entry(1)]
    assert published.entries == 1
    for name, what in planted.items():
        assert name in published.refused, (what, published.refused)
    assert "jaxgrade_other" in published.refused


def test_publish_refuses_a_staging_folder_others_can_reach(tmp_path: Path) -> None:
    staging = tmp_path / "staging"
    staging.mkdir()
    os.chmod(staging, 0o1777)  # the layout the fill used to have
    (staging / _entry(1)).write_bytes(b"x")
    with pytest.raises(GraderFault, match="not private"):
        publish(staging, tmp_path / "final")
    assert not (tmp_path / "final").exists()


def test_fill_staging_is_private_to_the_grader(tmp_path: Path) -> None:
    os.chmod(tmp_path, 0o755)  # a listable cache root, as a TA's ~/.cache usually is
    folders = private_staging(tmp_path)
    for folder in (folders.work, folders.staging):
        st = os.stat(folder)
        assert stat.S_IMODE(st.st_mode) == 0o700 and st.st_uid == os.geteuid(), folder
        assert not uid_can_reach(folder, UIDS[0], UIDS[0], need_self=1)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: entries owned by a sandbox uid")
def test_harvest_takes_only_the_childs_own_regular_entries(tmp_path: Path) -> None:
    child, staging = tmp_path / "child", tmp_path / "staging"
    child.mkdir()
    staging.mkdir(mode=0o700)
    own = child / _entry(1)
    own.write_bytes(b"compiled by the trusted child")
    os.chown(own, UIDS[0], UIDS[0])
    other = child / _entry(2)
    other.write_bytes(b"jaxgrade_planted")
    os.chown(other, UIDS[1], UIDS[1])  # another uid's file in the child's folder
    (child / _entry(3)).symlink_to("/etc/passwd")
    (child / (_entry(1) + "-atime")).write_bytes(b"0")
    refused = compile_cache.harvest(child, staging, UIDS[0])
    assert sorted(refused) == sorted([_entry(2), _entry(3)])
    assert os.listdir(staging) == [_entry(1)]
    st = os.lstat(staging / _entry(1))
    assert st.st_uid == os.geteuid() and stat.S_IMODE(st.st_mode) == 0o600
    assert publish(staging, tmp_path / "final").entries == 1


def test_trusted_fill_runs_never_share_a_uid_range_with_gradings() -> None:
    from autograder.grade.run import RunSettings
    from autograder.grade.run.settings import GRADING_UIDS, TRUSTED_FILL_UIDS

    assert not set(GRADING_UIDS) & set(TRUSTED_FILL_UIDS) and not set(UIDS) & set(TRUSTED_FILL_UIDS)
    with pytest.raises(ValueError):
        RunSettings(compile_cache_fill=True)  # the grading range
    with pytest.raises(ValueError):
        RunSettings(uids=TRUSTED_FILL_UIDS[:2])  # a grading in the trusted range
    RunSettings(compile_cache_fill=True, uids=TRUSTED_FILL_UIDS)


@pytest.mark.parametrize("isolation", ["bwrap", "rlimit"])
def test_a_fill_run_writes_only_through_its_own_scratch(tmp_path: Path, isolation: str) -> None:
    """One real trusted fill run (the masters' histogram answer): its child compiles into its own
    scratch, the runner harvests into the private staging; the staging stays 0700 and the grader's,
    and holds only grader-owned 0600 entries."""
    missing = _real_grader_available()
    python = os.path.realpath(sys.executable)
    if isolation == "rlimit" and not missing and not uid_can_reach(Path(python), UIDS[0], UIDS[0]):
        missing = f"rlimit mode: sandbox uids cannot reach the interpreter {python} (run it in the image)"
    if missing:
        pytest.skip(f"real sandbox unavailable: {missing}")
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.grade.run.settings import TRUSTED_FILL_UIDS

    release = ReleaseInfo.load(RELEASE)
    entry = trusted_entries(release, REPO / "solutions", None)[0]
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-cc-fill-"))
    os.chmod(work, 0o711)
    staging = private_staging(work).staging
    settings = RunSettings(
        isolation=isolation,
        exercises=("histogram",),
        compile_cache=staging,
        compile_cache_fill=True,
        build_cache=work / "build",
        scratch_root=work / "scratch",
        uids=TRUSTED_FILL_UIDS[-2:],
    )
    try:
        result = grade_submission(entry.submission, release, settings)
        assert result.scores["histogram"].score == result.scores["histogram"].max_score
        assert compile_cache.staging_problem(staging) is None
        names = os.listdir(staging)
        assert names, "the fill child's entries were not harvested"
        for name in names:
            assert compile_cache.staged_entry_problem(staging, name) is None, name
        assert publish(staging, work / "final").entries == len(names)
    finally:
        shutil.rmtree(work, ignore_errors=True)
