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
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from autograder.grade import compile_cache
from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission
from autograder.release.compile_cache import publish, with_answers
from autograder.sandbox.rlimit import uid_can_reach

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"
UIDS = tuple(range(65480, 65484))  # private to this test (the runner takes one per job with an flock)

TRUSTED_FILL = r"""
import jax, jax.numpy as jnp
def jaxgrade_cached(x):
    return jnp.sin(x) * 2.0 + 1.0
jax.jit(jaxgrade_cached)(jnp.arange(7.0)).block_until_ready()
"""

# The hostile answer cell. Bounded: a handful of syscalls on one folder, one tiny compilation.
HOSTILE_CELL = r"""
import errno, json, logging, os
import jax, jax.numpy as jnp
from jax._src import monitoring

_events = {}
monitoring.register_event_listener(lambda e, **k: _events.__setitem__(e, _events.get(e, 0) + 1))
_keys = []
class _KeyLog(logging.Handler):
    def emit(self, record):
        msg = record.getMessage()
        if msg.startswith("Persistent compilation cache hit"):
            _keys.append(msg.rsplit(" ", 1)[1].strip("'"))
_log = logging.getLogger("jax._src.compiler")
_log.addHandler(_KeyLog()); _log.setLevel(logging.DEBUG)

def jaxgrade_cached(x):
    return jnp.sin(x) * 2.0 + 1.0
jax.jit(jaxgrade_cached)(jnp.arange(7.0)).block_until_ready()

folder = os.environ.get("JAX_COMPILATION_CACHE_DIR", "")
path = os.path.join(folder, _keys[0] + "-cache") if _keys else ""
report = {"hits": _events.get("/jax/compilation_cache/cache_hits", 0), "key": bool(_keys)}

def attempt(name, fn):
    try:
        fn()
        report[name] = "ok"
    except OSError as exc:
        report[name] = errno.errorcode.get(exc.errno, str(exc.errno))

def _rewrite():
    with open(path, "r+b") as f:
        f.write(b"jaxgrade_poisoned")

def _create():
    with open(os.path.join(folder, "jit_f-" + "0" * 64 + "-cache"), "xb") as f:
        f.write(b"jaxgrade_poisoned")

attempt("list", lambda: os.listdir(folder))
attempt("read", lambda: open(path, "rb").read(16))
attempt("rewrite", _rewrite)
attempt("chmod", lambda: os.chmod(path, 0o666))
attempt("rename", lambda: os.rename(path, path + ".jaxgrade_moved"))
attempt("unlink", lambda: os.unlink(path))
attempt("create", _create)
attempt("chmod_dir", lambda: os.chmod(folder, 0o777))
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
jax.jit(lambda x: jnp.cos(x) * 3.0 - 7.0)(jnp.arange(5.0)).block_until_ready()
report["misses"] = _events.get("/jax/compilation_cache/cache_misses", 0)
raise RuntimeError("jaxgrade_cache_report " + json.dumps(report, separators=(",", ":")))
"""


def _real_grader_available() -> str | None:
    if os.geteuid() != 0:
        return "needs root (sandbox uids)"
    if shutil.which("bwrap") is None:
        return "needs bwrap"
    return None


def _snapshot(folder: Path) -> dict[str, object]:
    st = os.stat(folder)
    files = {
        p.name: (
            hashlib.sha256(p.read_bytes()).hexdigest(),
            stat.S_IMODE(os.stat(p).st_mode),
            os.stat(p).st_uid,
        )
        for p in sorted(folder.iterdir())
    }
    return {"mode": stat.S_IMODE(st.st_mode), "uid": st.st_uid, "files": files}


def fill_trusted(final: Path) -> Path:
    """`final`: a published cache holding what a trusted process (no student code) compiled with JAX's
    persistent cache (TRUSTED_FILL), plus a stray file in staging that publishing must drop."""
    staging = final.with_name(final.name + ".staging")
    staging.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env.update(
        JAX_PLATFORMS="cpu",
        JAX_COMPILATION_CACHE_DIR=str(staging),
        JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0",
        JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="0",
    )
    subprocess.run([sys.executable, "-c", TRUSTED_FILL], env=env, check=True, timeout=300)
    (staging / "jaxgrade_stray.txt").write_text("not an entry")
    assert publish(staging, final) >= 1
    shutil.rmtree(staging)
    return final


@pytest.fixture(scope="module")
def trusted_cache() -> Path:
    """A published trusted cache under a fresh 0711 folder in the system temp dir, so rlimit
    children (other uids) can pass through to it by name."""
    base = Path(tempfile.mkdtemp(prefix="jaxgrade-cc-test-"))
    os.chmod(base, 0o711)
    yield fill_trusted(base / "cache")
    shutil.rmtree(base, ignore_errors=True)


def test_publish_keeps_only_entries_read_only(trusted_cache: Path) -> None:
    snap = _snapshot(trusted_cache)
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
    before = _snapshot(trusted_cache)
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
    assert _snapshot(trusted_cache) == before, "a child changed the trusted compile cache"

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
        full = {n for n, e in expected.items() if (e.get("verdict") or e.get("expect")) == "full"}
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
