"""Per-job cgroups (autograder/sandbox/cgroup.py) with the real bwrap sandbox and real processes.

A job's memory and process count are bounded as a whole: a job that asks for far more than its share
is the only one killed, and reported as `memory` (the student's), never as the host's OOM killer (a
grader fault). Every hostile program here is bounded: it allocates and touches at most three times
its job's share (a few hundred MiB), forks at most a hundred sleepers of a minute at most.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import signal
import tempfile
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from autograder.grade.run.job import crash_status
from autograder.messages import Status
from autograder.sandbox import JobCgroup, Limits, Sandbox, host_cgroups, make_sandbox
from autograder.sandbox.cgroup import JobCgroups, detect

PY = "/usr/bin/python3"  # a system interpreter the unprivileged uid can reach
SHARE = 192 * 2**20  # a job's memory share in these tests
LIMITS = Limits(wall_s=90, address_space_bytes=4 * 2**30)  # RLIMIT_AS well above what the hog touches
UID_BASE = 60000 + (os.getpid() % 200) * 4  # private to this test (and UID_BASE + 2000, its kernel uid)


def _missing() -> str | None:
    if os.geteuid() != 0:
        return "needs root (cgroups, the sandbox's uid switch)"
    if shutil.which("bwrap") is None or not os.access(PY, os.X_OK):
        return "needs bwrap and /usr/bin/python3"
    if not host_cgroups().available:
        return f"no per-job cgroup on this host: {host_cgroups().reason}"
    return None


REAL = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))

# Touches 64 MiB at a time, up to three times the share (bounded even without a cgroup), in the
# program itself or spread over three forked children (each under RLIMIT_AS, together over the share).
HOG = """
import os, sys, time
share, where = int(sys.argv[1]), sys.argv[2]
def touch(total):
    held = []
    while sum(len(b) for b in held) < total:
        held.append(bytearray(64 * 2**20))  # zero-filled: every page is touched
    return held
if where == "self":
    held = touch(3 * share)
else:
    kids = []
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            touch(share)
            time.sleep(20)
            os._exit(0)
        kids.append(pid)
    for pid in kids:
        os.waitpid(pid, 0)
print("survived", flush=True)
"""

# Holds 64 MiB for a few seconds while the hog runs beside it, then says it finished.
HONEST = """
import time
held = bytearray(64 * 2**20)
time.sleep(4)
print("honest done", flush=True)
"""


def py(code: str, *args: str) -> list[str]:
    return [PY, "-I", "-c", textwrap.dedent(code), *args]


@pytest.fixture
def workdir() -> Iterator[Path]:
    base = Path(tempfile.mkdtemp(prefix="jaxgrade_cgtest_", dir="/tmp"))
    base.chmod(0o755)
    try:
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _scratch(workdir: Path, name: str) -> Path:
    path = workdir / name
    path.mkdir()
    return path


def _sandbox(slot: int, group: JobCgroup, mode: str = "bwrap") -> Sandbox:
    uid = UID_BASE + slot
    return make_sandbox(mode, uid=uid, gid=uid).in_job(cgroup=group)


@REAL
@pytest.mark.parametrize(("mode", "where"), [("bwrap", "self"), ("bwrap", "forked"), ("rlimit", "forked")])
def test_a_job_over_its_memory_share_is_the_only_one_killed(workdir: Path, mode: str, where: str) -> None:
    """Two jobs at once, each in its own cgroup with a SHARE of memory: the one touching three times
    its share (itself, or in three forked children) ends with the student's `memory` outcome; the
    other, honest, finishes; both groups are gone afterwards. Without per-job cgroups the hog touched
    its 576 MiB and survived."""
    cgroups = host_cgroups()
    hog_group, honest_group = cgroups.create(SHARE, 64), cgroups.create(SHARE, 64)
    try:
        honest = _sandbox(0, honest_group, mode).start(
            py(HONEST), scratch=_scratch(workdir, "a"), limits=LIMITS
        )
        hog = _sandbox(1, hog_group, mode).start(py(HOG, str(SHARE), where), scratch=_scratch(workdir, "b"),
                                                 limits=LIMITS)  # fmt: skip
        hog_result, honest_result = hog.wait(), honest.wait()
    finally:
        hog_group.remove()
        honest_group.remove()
    assert hog_result is not None and honest_result is not None
    if where == "self":  # forked: the OOM killer takes the largest processes, the children; their
        # parent may then see them die and print "survived" before the monitor's next look, and
        # the program still ends as `memory` (what the student is told), asserted below
        assert "survived" not in hog_result.stdout, hog_result
    assert hog_result.limit == "memory", hog_result
    assert "Job memory limit exceeded (192 MiB" in hog_result.message, hog_result.message
    assert crash_status(hog_result).status == Status.MEMORY  # never a grader fault
    assert honest_result.exit_code == 0 and honest_result.stdout == "honest done\n", honest_result
    assert honest_result.limit is None
    assert not any(d.exists() for d in (*hog_group.dirs, *honest_group.dirs))


@REAL
def test_a_hog_beside_an_honest_program_of_its_own_job_is_the_one_killed(workdir: Path) -> None:
    """Two programs of one job (the notebook and the kernel child: two uids, one cgroup) share its
    memory: the job's OOM killer takes the hog's process, only the hog's program is reported
    `memory`, the honest one finishes."""
    group = host_cgroups().create(SHARE, 128)
    try:
        honest = _sandbox(2, group).start(py(HONEST), scratch=_scratch(workdir, "a"), limits=LIMITS)
        time.sleep(0.5)  # the honest program holds its 64 MiB first
        hog = _sandbox(3, group).start(py(HOG, str(SHARE), "self"), scratch=_scratch(workdir, "b"),
                                       limits=LIMITS)  # fmt: skip
        hog_result, honest_result = hog.wait(), honest.wait()
    finally:
        group.remove()
    assert hog_result is not None and honest_result is not None
    assert hog_result.limit == "memory" and hog_result.signal == signal.SIGKILL, hog_result
    assert honest_result.exit_code == 0 and honest_result.stdout == "honest done\n", honest_result


# Holds 64 MiB for a few seconds, more than any one process of SPREAD_HOG, then says it finished.
BIG_HONEST = """
import time
held = bytearray(64 * 2**20)
time.sleep(5)
print("honest done", flush=True)
"""

# Four children each touch 40 MiB (160 MiB together: with the honest program's 64 MiB over the
# job's share), each smaller than the honest program.
SPREAD_HOG = """
import os, time
kids = []
for _ in range(4):
    pid = os.fork()
    if pid == 0:
        held = bytearray(40 * 2**20)
        time.sleep(10)
        os._exit(0)
    kids.append(pid)
for pid in kids:
    os.waitpid(pid, 0)
print("survived", flush=True)
"""


@REAL
def test_a_program_with_a_bound_of_its_own_cannot_make_the_job_take_its_neighbour(workdir: Path) -> None:
    """The kernel child (the student's library, beside a notebook child still importing JAX) gets
    `Limits.cgroup_memory_bytes` (half the job's share there, a third here): four small processes of
    its own over it are OOM-killed inside its own leaf, and the larger honest program of the same job is never
    the victim. With the job's limit alone the honest program, the largest, was the one killed."""
    group = host_cgroups().create(SHARE, 128)
    bounded = dataclasses.replace(LIMITS, cgroup_memory_bytes=SHARE // 3)
    try:
        honest = _sandbox(0, group).start(py(BIG_HONEST), scratch=_scratch(workdir, "a"), limits=LIMITS)
        time.sleep(1.0)  # the honest program holds its 64 MiB first
        hog = _sandbox(1, group).start(py(SPREAD_HOG), scratch=_scratch(workdir, "b"), limits=bounded)
        hog_result, honest_result = hog.wait(), honest.wait()
    finally:
        group.remove()
    assert hog_result is not None and honest_result is not None
    # the OOM killer takes the hog's forked children (its largest), so its parent may still print:
    # the outcome the student sees (memory) and the untouched neighbour are what the test holds
    assert hog_result.limit == "memory", hog_result
    assert honest_result.exit_code == 0 and honest_result.stdout == "honest done\n", honest_result


# Waits until the test says go (both programs started), forks sleepers until refused (at most
# 100), says how many, and holds them 3 s so the two programs' sleepers overlap.
FORKER = """
import os, sys, time
deadline = time.monotonic() + 20
while not os.path.exists("go") and time.monotonic() < deadline:
    time.sleep(0.02)
born = 0
for _ in range(int(sys.argv[1])):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    born += 1
print(born, flush=True)
time.sleep(3)
"""


@REAL
def test_the_job_cgroup_bounds_its_processes_as_a_whole(workdir: Path) -> None:
    """RLIMIT_NPROC is per uid: two programs of one job under two uids could each fork up to it (256
    here). The job's pids limit (40) bounds them together: 100 forks each, at most 40 tasks in all
    (their launchers and bwrap count too). Without the group each forked its 100."""
    group = host_cgroups().create(SHARE, 40)
    limits = Limits(wall_s=30, nproc=256)
    scratches = [_scratch(workdir, f"s{slot}") for slot in (0, 1)]
    try:
        procs = [_sandbox(slot, group).start(py(FORKER, "100"), scratch=scratches[slot], limits=limits)
                 for slot in (0, 1)]  # fmt: skip
        for scratch in scratches:
            (scratch / "go").touch()
        born = [int(p.wait().stdout.strip() or 0) for p in procs]
    finally:
        group.remove()
    assert 0 < sum(born) <= 40 - 2, born  # each forker is one task of the 40 too


def test_a_job_leaves_room_for_its_second_child() -> None:
    """The runner's pids limit: each child's uid holds at most RLIMIT_NPROC tasks, so one child at its
    limit still leaves the other room to start (its bwrap, launcher and threads): else a student's
    fork bomb in one child would make the other's start fail, a grader fault."""
    from autograder.grade.run.job import child_nproc, job_pids_max

    assert job_pids_max() >= 2 * child_nproc() + 16


@REAL
def test_job_cgroups_leave_nothing_behind(workdir: Path) -> None:
    """A group is gone after its job (its programs' leaves too), a program that failed to start
    leaves no leaf, and a group whose grader died is removed by the next job's `create`."""
    cgroups = host_cgroups()
    group = cgroups.create(SHARE, 64)
    sb = _sandbox(0, group)
    assert sb.run(py("print(1)"), scratch=_scratch(workdir, "a"), limits=LIMITS).stdout == "1\n"
    with pytest.raises(Exception, match="not a directory"):
        sb.start(py("print(1)"), scratch=workdir / "missing", limits=LIMITS)
    assert [p for p in group.dirs[0].iterdir() if p.is_dir()] == []  # the program's leaf went with it
    group.remove()
    assert not any(d.exists() for d in group.dirs)
    # a crashed grader's group (a pid that no longer runs), with a leaf, in every hierarchy
    dead = [parent / "999999999-1-1" for parent in cgroups.parents]
    for d in dead:
        d.mkdir()
    (dead[0] / "p1").mkdir()
    cgroups.create(SHARE, 64).remove()
    assert not any(d.exists() for d in dead)


def test_without_a_writable_hierarchy_jobs_run_unbounded_and_say_why(tmp_path: Path) -> None:
    """A host where neither v2 nor v1 offers the controllers: no group, a reason the runner logs."""
    found = detect(tmp_path)  # an empty folder: no cgroup file system mounted there
    assert not found.available
    if os.geteuid() == 0:
        assert "neither a delegated cgroup v2" in found.reason
    with pytest.raises(Exception, match="no per-job cgroup"):
        found.create(SHARE, 64)
    assert JobCgroups(0, (), "x").available is False


def test_the_runner_warns_once_and_grades_without_a_group_where_the_host_has_none(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Where no hierarchy is writable the runner says so once per grader process (a clear warning,
    naming the reason and what is then unbounded) and each job runs without a group."""
    from autograder.grade.run import job as runner_job
    from autograder.grade.run.settings import RunSettings

    monkeypatch.setattr(runner_job, "host_cgroups", lambda: JobCgroups(0, (), "no hierarchy here"))
    monkeypatch.setattr(runner_job, "_warned", set())
    sandbox = make_sandbox("bwrap", uid=UID_BASE, gid=UID_BASE)
    with caplog.at_level("WARNING", logger=runner_job.__name__):
        groups = [runner_job.job_cgroup(RunSettings(), sandbox) for _ in range(3)]
    assert groups == [None, None, None]
    warnings = [r.getMessage() for r in caplog.records if r.name == runner_job.__name__]
    assert len(warnings) == 1, warnings
    assert "per-job cgroups unavailable (no hierarchy here)" in warnings[0]
    assert "OOM killer" in warnings[0]


@pytest.mark.skipif(os.geteuid() != 0, reason="detect() offers groups to root only")
def test_v2_is_chosen_where_its_controllers_are_enabled_and_v1_otherwise(tmp_path: Path) -> None:
    """The choice of hierarchy, read from the files a cgroup root holds: a v2 root whose
    cgroup.subtree_control enables memory and pids wins (its `jaxgrade` folder gets both for the jobs'
    groups); one without them falls back to v1's memory and pids hierarchies. (The files are plain
    files here: what the kernel does with them is tested above on this host's real hierarchy.)"""
    v2 = tmp_path / "v2"
    v2.mkdir()
    (v2 / "cgroup.subtree_control").write_text("cpu memory pids\n")
    found = detect(v2)
    assert (found.version, found.parents) == (2, (v2 / "jaxgrade",))
    assert (v2 / "jaxgrade" / "cgroup.subtree_control").read_text() == "+memory +pids"
    hybrid = tmp_path / "hybrid"
    for name in ("memory", "pids"):
        (hybrid / name).mkdir(parents=True)
        (hybrid / name / "cgroup.procs").write_text("")
    (hybrid / "cgroup.subtree_control").write_text("cpu\n")  # v2 without the controllers
    found = detect(hybrid)
    assert (found.version, found.parents) == (
        1,
        (hybrid / "memory" / "jaxgrade", hybrid / "pids" / "jaxgrade"),
    )


@REAL
def test_creating_and_removing_a_job_cgroup_is_cheap() -> None:
    """Measured: one job's group (mkdir, limits, one program leaf, rmdir); printed, bounded loosely."""
    cgroups = host_cgroups()
    rounds, t0 = 50, time.perf_counter()
    for _ in range(rounds):
        group = cgroups.create(SHARE, 64)
        group.program()
        group.remove()
    per_job_ms = (time.perf_counter() - t0) / rounds * 1000
    print(f"job cgroup create+leaf+remove: {per_job_ms:.2f} ms per job (v{cgroups.version})")
    assert per_job_ms < 100


def _our_groups() -> set[str]:
    """This process's job groups in the first hierarchy (named `<grader pid>-<start time>-<n>`)."""
    parent = host_cgroups().parents[0]
    return {p.name for p in parent.iterdir() if p.is_dir() and p.name.startswith(f"{os.getpid()}-")}


def _watch_groups(stop: threading.Event, seen: dict[str, int]) -> None:
    """Records each group of this process and its memory limit while a grading runs."""
    while not stop.is_set():
        for name in _our_groups():
            limit = host_cgroups().parents[0] / name / ("memory.limit_in_bytes" if host_cgroups().version == 1
                                                        else "memory.max")  # fmt: skip
            try:
                seen[name] = int(limit.read_text())
            except (OSError, ValueError):
                pass
        time.sleep(0.05)


# after the correct answer: three fresh interpreters each touch 1 GiB (3 GiB in all: twice the
# job's 1.5 GiB share, each process far below RLIMIT_AS), then the exercise reports they survived
RUNNER_HOG = """
import subprocess, sys
_kids = [subprocess.Popen([sys.executable, "-c", "b = bytearray(2**30)\\nimport time\\ntime.sleep(20)"])
         for _ in range(3)]
raise RuntimeError("jaxgrade_cgroup_hog codes=" + str([k.wait() for k in _kids]))
"""


@REAL
def test_the_runner_grades_a_job_over_its_share_as_memory_and_leaves_no_cgroup() -> None:
    """Through `grade_submission`: the job runs in a group with `job_memory_bytes`, a notebook over
    its share scores the student's `memory` (never a grader fault), and no group of this grader is
    left after the job. Before per-job cgroups the three processes touched their 3 GiB and the
    exercise crashed with the hog's own report."""
    import hashlib
    import json

    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission
    from autograder.release.compile_cache import with_answers

    from helpers.paths import RELEASE

    release = ReleaseInfo.load(RELEASE)
    released = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    nb = with_answers(released, {"safe_distance": [RUNNER_HOG]})
    sub = StudentSubmission("cgroup-hog", hashlib.sha256(RUNNER_HOG.encode()).hexdigest(),
                            {"ch02": ChapterNotebook("ch02", "ch02.ipynb", nb)})  # fmt: skip
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-cgroup-runner-"))
    share = 3 * 2**29
    settings = RunSettings(
        isolation="bwrap",
        exercises=("safe_distance",),
        build_cache=work / "build",
        scratch_root=work / "scratch",
        uids=(UID_BASE,),
        job_memory_bytes=share,
    )
    before, seen, stop = _our_groups(), {}, threading.Event()
    watcher = threading.Thread(target=_watch_groups, args=(stop, seen), daemon=True)
    watcher.start()
    try:
        result = grade_submission(sub, release, settings)
    finally:
        stop.set()
        watcher.join()
        shutil.rmtree(work, ignore_errors=True)
    score = result.scores["safe_distance"]
    assert score.status == Status.MEMORY, (score.status, score.summary_zh)
    assert "jaxgrade_cgroup_hog" not in score.summary_zh
    assert share in seen.values(), seen  # the job ran in a group with its share
    assert _our_groups() - before == set()  # and no group is left behind
