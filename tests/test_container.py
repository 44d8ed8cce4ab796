"""The grader image and the container modes, with real podman and the real image (marker `container`).

- The image is built by scripts/build-image.sh --if-changed: an image whose label holds the hash of
  the current build inputs is reused; otherwise it is built (a fresh clone pays ~3 min once, a
  change in autograder/ ~30 s, only the project layer is rebuilt).
- examples/submissions/ plus two hostile submissions (tests/corpus/container/) are graded three
  ways: on the host with bwrap (the reference), by `jaxgrade grade --isolation rlimit` inside one
  container, and on the host with `--isolation container` (one container per child). The three
  grades.csv must be byte-identical, the hostile students must keep full marks (a hole in a mode
  costs them points there), and no process or container of theirs may survive.
- A positive control shows the hostile cell is not vacuous: with `--isolation none
  --unsafe-no-sandbox` it finds the grader's checks, and the report records the unsafe mode.
- Gradescope: /autograder/run_autograder inside the image grades one example student, and the
  bundle zip graded by its own setup.sh (project phase) and run_autograder; results.json is checked
  against the fields Gradescope documents; a grader fault still writes results.json.
- The image's permissions, checked as a sandbox uid.

Skipped only where podman cannot run (the reason is printed). No timed assertions.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.early_lane import LANE_KEY, session_lane
from helpers.grader_image import IF_CHANGED, PRINT_HASH, podman_problem, session_build
from helpers.marked_processes import marked_processes

REPO = Path(__file__).resolve().parents[1]
STATE = Path(os.environ.get("JAXGRADE_CONTAINER_DIR", REPO / ".containers"))
EXAMPLES = REPO / "examples" / "submissions"
HOSTILE = REPO / "tests" / "corpus" / "container"
RELEASE = REPO / "assignments" / "2026-fall"
SANDBOX_UID = 65000  # first of RunSettings.uids; created in the image by setup.sh
HOG_MARKERS = ("jaxgrade_hostile_hog", "sleep 917")
CORPUS = REPO / "tests" / "corpus" / "hostile"
CORPUS_CASES = ("h11_escape_files",)  # from the project's hostile corpus, when it is there
# A whole batch in one container, as the README shows it (no --read-only: the image's /tmp is 0755,
# the grader's scratch lives there and the students' children cannot write to it).
BATCH_FLAGS = ["--rm", "--init", "--network", "none", "--memory", "12g", "--pids-limit", "8192"]
COMMON = ["--jobs", "2", "--timeout-scale", "3"]  # generous limits: a loaded CI host must not time out

pytestmark = [pytest.mark.container, pytest.mark.slow]

# Gradescope's results.json (https://gradescope-autograders.readthedocs.io/en/latest/specs/)
GS_TOP = {
    "score",
    "execution_time",
    "output",
    "output_format",
    "test_output_format",
    "test_name_format",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
}
GS_TEST = {
    "score",
    "max_score",
    "status",
    "name",
    "name_format",
    "number",
    "output",
    "output_format",
    "tags",
    "visibility",
    "extra_data",
}
GS_VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
GS_FORMATS = {"text", "html", "simple_format", "md", "ansi"}


# --------------------------------------------------------------------------------------------- podman


def podman(*args: str, timeout: float = 900, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CONTAINERS_CONF": str(STATE / "containers.conf")}
    cmd = ["podman", "--root", str(STATE / "storage"), "--runroot", str(STATE / "run"), *args]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(
            f"{' '.join(cmd[:12])} ... failed ({done.returncode}):\n{done.stdout[-3000:]}\n"
            f"{done.stderr[-3000:]}"
        )
    return done


def _skip(reason: str) -> None:
    print(f"\ntest_container: SKIPPED, podman cannot run here: {reason}", file=sys.__stderr__, flush=True)
    pytest.skip(f"podman cannot run here: {reason}")


def _run_problem(tmp: Path) -> str | None:
    """Can podman start a container here? Tried with a root file system of the host's /bin/true."""
    root = tmp / "rootfs"
    libs = subprocess.run(["ldd", "/bin/true"], capture_output=True, text=True).stdout
    for f in ["/bin/true", *(w for w in libs.split() if w.startswith("/"))]:
        (root / f.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(f, root / f.lstrip("/"))
    done = podman(
        "run", "--rm", "--network", "none", "--rootfs", str(root), "/bin/true", check=False, timeout=300
    )
    return None if done.returncode == 0 else f"podman run failed: {done.stderr.strip()[-500:]}"


@pytest.fixture(scope="module")
def image(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    if reason := podman_problem():
        _skip(reason)
    # build-image.sh --print-hash (installs podman, runc and debootstrap when missing and makes the base
    # image), then --if-changed: started when the session began (tests/helpers/grader_image.py)
    build = session_build(request.config)
    assert build is not None
    prepared = build.wait_for(PRINT_HASH)
    assert prepared is not None
    if shutil.which("podman") is None:
        _skip(f"podman could not be installed: {prepared.stderr.strip()[-500:]}")
    info = podman("info", "--format", "{{.Host.OCIRuntime.Name}}", check=False, timeout=120)
    if info.returncode != 0:
        _skip(f"podman info failed: {info.stderr.strip()[-500:]}")
    if reason := _run_problem(tmp_path_factory.mktemp("rootfs")):
        _skip(reason)
    assert prepared.returncode == 0, f"build-image.sh --print-hash failed:\n{prepared.stderr[-4000:]}"
    built = build.wait_for(IF_CHANGED)
    assert built is not None, "build-image.sh --if-changed never ran (the session stopped the build)"
    assert built.returncode == 0, f"build-image.sh failed:\n{built.stderr[-4000:]}"
    name, size, digest, how = built.stdout.strip().splitlines()[-1].split()
    print(
        f"\ntest_container: image {name} {int(size) / 1e9:.2f} GB, inputs {digest}, {how}",
        file=sys.__stderr__,
    )
    return {"name": name, "size": size, "hash": digest, "how": how}


# --------------------------------------------------------------------------------------------- inputs


def _all_correct() -> Path:
    found = sorted(p for p in EXAMPLES.glob("*all_correct*") if p.is_dir())
    if not found:
        pytest.fail(f"no all-correct example folder under {EXAMPLES}")
    return found[0]


def hostile_submission(case: str, dest: Path) -> None:
    """The all-correct example with tests/corpus/container/<case>.py inserted after its target's answer."""
    from autograder.exercises.recompile import correct_prediction

    source = (HOSTILE / f"{case}.py").read_text(encoding="utf-8")
    target = source.splitlines()[0].removeprefix("# TARGET ").strip()
    shutil.copytree(_all_correct(), dest)
    # the recompile sequence is the student's own: answer the one of this entry's id
    own = f"predicted_compiles = {correct_prediction(dest.name, REPO / 'assignments' / '2026-fall')}\n"
    for path in sorted(dest.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for c in nb["cells"]:
            if (c.get("metadata", {}).get("jaxgrade") or {}) == {"role": "answer", "exercise": "recompile"}:
                c["source"] = own
        answers = [
            i
            for i, c in enumerate(nb["cells"])
            if (c.get("metadata", {}).get("jaxgrade") or {}) == {"role": "answer", "exercise": target}
        ]
        if answers:
            cell = {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": source.splitlines(keepends=True),
            }
            nb["cells"].insert(answers[-1] + 1, cell)
            path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
            return
    raise AssertionError(f"no answer cell of {target} in {dest}")


def make_submissions(subs: Path) -> Path:
    """examples/submissions/, the two container hostile students and the corpus cases, in `subs`."""
    shutil.copytree(EXAMPLES, subs)
    for case in ("peeker", "hog"):
        hostile_submission(case, subs / f"zz_hostile_{case}")
    for case in corpus_cases():
        entry = json.loads((CORPUS / case / "expected.json").read_text(encoding="utf-8"))["submission"]
        copy = shutil.copytree if (CORPUS / case / entry).is_dir() else shutil.copyfile
        copy(CORPUS / case / entry, subs / entry)
    for p in [subs, *subs.rglob("*")]:  # rlimit mode refuses SUBMISSIONS readable by other users
        p.chmod(0o750 if p.is_dir() else 0o640)
    return subs


REFERENCE = "container-reference"


def queue_early_work(lane, items: list[pytest.Item]) -> None:  # noqa: ANN001 (helpers.early_lane.EarlyLane)
    """The bwrap reference grading (what every mode must reproduce) needs no image: it runs on the
    early lane, and the processes of the hostile students are looked for right after it ends."""
    if shutil.which("bwrap") is None or not any("reference" in item.fixturenames for item in items):
        return  # the reference fixture fails and says why
    root = lane.workdir(REFERENCE)
    subs, out, survivors = make_submissions(root / "subs"), root / "out", root / "survivors.json"
    grading = grade_argv(subs, out, "--isolation", "bwrap")
    lane.add(REFERENCE, [sys.executable, "-m", "helpers.marked_processes", str(survivors), *HOG_MARKERS, "--",
                         *grading], note=(subs, out, survivors))  # fmt: skip


@pytest.fixture(scope="module")
def submissions(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The graded folder: the one the early lane's reference grading used when it was queued."""
    lane = request.config.stash.get(LANE_KEY, None)
    if lane is not None and REFERENCE in lane.keys:
        return lane.notes[REFERENCE][0]
    return make_submissions(tmp_path_factory.mktemp("container") / "subs")


def corpus_cases() -> list[str]:
    return [c for c in CORPUS_CASES if (CORPUS / c / "expected.json").is_file()]


def read_grades(out: Path) -> dict[str, dict[str, str]]:
    return {r["student_id"]: r for r in csv.DictReader(io.StringIO((out / "grades.csv").read_text("utf-8")))}


def grade_argv(subs: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "autograder.cli", "grade", str(subs), "--out", str(out),
            "--release", str(RELEASE), *COMMON, *extra]  # fmt: skip


def host_grade(
    subs: Path, out: Path, *extra: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(grade_argv(subs, out, *extra), capture_output=True, text=True, timeout=1800,
                          cwd=REPO, env={**os.environ, **(env or {})})  # fmt: skip


def leftovers() -> list[str]:
    """Host processes of the hostile students (the pid namespaces of containers are visible from here)."""
    return marked_processes(HOG_MARKERS)


@pytest.fixture(scope="module")
def reference(request: pytest.FixtureRequest, submissions: Path) -> Path:
    """grades.csv of the host's bwrap mode: what every other mode must reproduce (graded on the early
    lane, `queue_early_work`)."""
    if shutil.which("bwrap") is None:
        pytest.fail("bwrap is missing: ./scripts/bootstrap.sh installs it (the reference mode)")
    lane = session_lane(request.config)
    done = lane.result(REFERENCE)
    _subs, out, survivors = lane.notes[REFERENCE]
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(survivors.read_text(encoding="utf-8")) == []  # looked for when the grading ended
    assert not leftovers()
    rows = read_grades(out)
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    for sid, want in expected.items():
        if not sid.startswith("_"):
            assert float(rows[sid]["total"]) == want["total"], (sid, rows[sid])
    for case in ("peeker", "hog"):  # the sandbox held: full marks, and nothing was reported
        assert float(rows[f"zz_hostile_{case}"]["total"]) == 80.0, rows[f"zz_hostile_{case}"]
    check_corpus_feedback(out)
    return out


def assert_same_grades(out: Path, reference: Path) -> None:
    got, want = (out / "grades.csv").read_bytes(), (reference / "grades.csv").read_bytes()
    assert got == want, f"grades differ from bwrap mode:\n{got.decode()}\n--- bwrap:\n{want.decode()}"
    for case in ("peeker", "hog"):
        feedback = (out / f"zz_hostile_{case}" / "feedback.md").read_text(encoding="utf-8")
        assert "HOSTILE-REPORT" not in feedback
    check_corpus_feedback(out)


def check_corpus_feedback(out: Path) -> None:
    """The corpus cases report what they reached in the feedback; the expected lines hold in every mode."""
    for case in corpus_cases():
        expected = json.loads((CORPUS / case / "expected.json").read_text(encoding="utf-8"))
        feedback = (out / case / "feedback.md").read_text(encoding="utf-8")
        for text in expected["feedback"]["contains"]:
            assert text in feedback, (case, text, feedback[-2000:])
        for marker in expected.get("host_markers", []):
            assert not os.path.lexists(marker), marker


# --------------------------------------------------------------------------------------------- the modes


def test_batch_in_one_container_with_rlimit_matches_bwrap(
    submissions: Path, reference: Path, image: dict[str, str], tmp_path: Path
) -> None:
    # `reference` (the bwrap grading) comes before `image`: it runs while the image may still build
    out = tmp_path / "out"
    out.mkdir()
    done = podman(
        "run",
        *BATCH_FLAGS,
        "-v",
        f"{submissions}:/subs:ro",
        "-v",
        f"{out}:/out",
        image["name"],
        "grade",
        "/subs",
        "--out",
        "/out",
        "--isolation",
        "rlimit",
        *COMMON,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert_same_grades(out, reference)
    assert stat.S_IMODE(out.stat().st_mode) == 0o700  # the gradebook is the grader's alone
    assert "rlimit" in (out / "report.md").read_text(encoding="utf-8")
    assert not leftovers()


def test_container_isolation_matches_bwrap(
    image: dict[str, str], submissions: Path, reference: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    done = host_grade(
        submissions,
        out,
        "--isolation",
        "container",
        "--engine",
        "podman",
        "--image",
        image["name"],
        env={"JAXGRADE_CONTAINER_DIR": str(STATE)},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert_same_grades(out, reference)
    assert not leftovers()
    names = podman("ps", "--all", "--format", "{{.Names}}").stdout.split()
    assert not [n for n in names if n.startswith("jaxgrade-")], names


def test_container_children_read_the_host_compile_cache_read_only(
    image: dict[str, str], tmp_path: Path
) -> None:
    """`--isolation container --compile-cache DIR`: every child's container gets the host's trusted
    cache as a read-only volume at /sandbox/xla. The probe (tests/helpers/trusted_cache.py HOSTILE_CELL)
    has an entry served by key (the image's jaxlib is the host's, both locked), cannot list the folder
    nor rewrite, chmod, rename, unlink or add an entry, and the folder is byte-identical afterwards."""
    from autograder.model import ReleaseInfo
    from autograder.release.compile_cache import with_answers

    from helpers.trusted_cache import HOSTILE_CELL, fill_trusted, snapshot

    cache = fill_trusted(tmp_path / "xla")
    released = json.loads(ReleaseInfo.load(RELEASE).notebooks["ch02"].read_text(encoding="utf-8"))
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "probe.ipynb").write_text(json.dumps(with_answers(released, {"safe_distance": [HOSTILE_CELL]})))
    before = snapshot(cache)
    done = host_grade(subs, tmp_path / "out", "--isolation", "container", "--engine", "podman",
                      "--image", image["name"], "--exercises", "safe_distance", "--compile-cache", str(cache),
                      env={"JAXGRADE_CONTAINER_DIR": str(STATE)})  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert snapshot(cache) == before, "a child changed the trusted compile cache"
    text = (tmp_path / "out" / "probe" / "feedback.md").read_text(encoding="utf-8")
    assert "jaxgrade_cache_report " in text, text
    report = json.loads(text.split("jaxgrade_cache_report ", 1)[1].split("}", 1)[0] + "}")
    assert report["hits"] >= 1 and report["key"] and report["read"] == "ok", report
    assert report["list"] == "EACCES", report
    for attempt in ("rewrite", "chmod", "rename", "unlink", "create", "chmod_dir"):
        assert report[attempt] != "ok", (attempt, report)
    assert not leftovers()


def test_peeker_finds_the_checks_without_a_sandbox(submissions: Path, tmp_path: Path) -> None:
    """Positive control: the same hostile cell, unsandboxed, does find what the modes above hide."""
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copytree(submissions / "zz_hostile_peeker", subs / "peeker")
    out = tmp_path / "out"
    refused = host_grade(subs, out, "--isolation", "none", "--exercises", "histogram")
    assert refused.returncode == 2 and "--unsafe-no-sandbox" in refused.stderr
    done = host_grade(subs, out, "--isolation", "none", "--unsafe-no-sandbox", "--exercises", "histogram")
    assert done.returncode == 0, done.stderr[-3000:]
    assert float(read_grades(out)["peeker"]["histogram"]) == 0.0
    assert "HOSTILE-REPORT" in (out / "peeker" / "feedback.md").read_text(encoding="utf-8")
    assert (
        "unsafe_no_sandbox"
        in json.loads((out / "peeker" / "results.json").read_text("utf-8"))["extra_data"]["flags"]
    )
    assert "unsafe" in (out / "report.md").read_text(encoding="utf-8").lower()


def test_image_refuses_unsandboxed_grading(image: dict[str, str], tmp_path: Path) -> None:
    done = podman(
        "run",
        "--rm",
        "--network",
        "none",
        "-v",
        f"{EXAMPLES}:/subs:ro",
        image["name"],
        "grade",
        "/subs",
        "--out",
        "/tmp/out",
        "--isolation",
        "none",
        check=False,
    )
    assert done.returncode == 2 and "--unsafe-no-sandbox" in done.stderr


# ------------------------------------------------------------------------------------ ContainerSandbox


def test_image_toolchain_mirrors_jaxcourse() -> None:
    """The parent names kernels as jaxcourse would inside the image (checked here with the host's values)."""
    from autograder.sandbox.container import ImageToolchain
    from jaxcourse import kernels

    cxx = kernels.compiler_path()
    tc = ImageToolchain(cxx, kernels._compiler_version(cxx), kernels.ffi_include_dir())
    for source in (b"", b"int x;\n", "// 中文\n".encode()):
        assert tc.build_key(source) == kernels.build_key(source)
    assert tc.compile_argv(Path("/s/k.cc"), Path("/s/k.so")) == kernels.compile_argv(
        Path("/s/k.cc"), Path("/s/k.so")
    )


@pytest.fixture
def container_sandbox(image: dict[str, str], monkeypatch: pytest.MonkeyPatch):
    from autograder.sandbox.container import ContainerSandbox

    monkeypatch.setenv("JAXGRADE_CONTAINER_DIR", str(STATE))
    return ContainerSandbox(engine="podman", image=image["name"], uid=SANDBOX_UID + 63, gid=SANDBOX_UID + 63)


def test_container_sandbox_contract(container_sandbox, tmp_path: Path) -> None:
    from autograder.sandbox import Limits, Mount, SandboxFault

    sb = container_sandbox
    scratch, lib = tmp_path / "scratch", tmp_path / "lib"
    for d in (scratch, lib):
        d.mkdir()
        d.chmod(0o755)
    (lib / "m.py").write_text("X = 7\n")
    (lib / "m.py").chmod(0o644)
    code = """
import os, socket, sys, m
print(os.getuid(), m.X, os.getcwd())
print("to stderr", file=sys.stderr)
open("/sandbox/scratch/out.txt", "w").write("written")
for path in ("/sandbox/lib/x", "/etc/x", "/opt/jaxgrade/x"):
    try:
        open(path, "w")
        print("wrote", path)
    except OSError:
        pass
try:
    socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    print("inet socket")
except OSError:
    pass
sys.exit(3)
"""
    env = {"PYTHONPATH": "/sandbox/lib"}
    r = sb.run(
        [sys.executable, "-c", code],
        scratch=scratch,
        mounts=[Mount(lib, "/sandbox/lib")],
        env=env,
        limits=Limits(wall_s=120),
    )
    assert (r.exit_code, r.signal, r.mode, r.timed_out) == (3, None, "container", False)
    assert r.stdout.split() == [str(sb.uid), "7", "/sandbox/scratch"] and r.stderr.strip() == "to stderr"
    assert (scratch / "out.txt").read_text() == "written" and r.cpu_s is not None
    r = sb.run(
        [sys.executable, "-c", "import time; time.sleep(600)"], scratch=scratch, limits=Limits(wall_s=5)
    )
    assert r.timed_out and r.limit == "wall" and r.killed
    r = sb.run(
        [sys.executable, "-c", "import os; os.kill(os.getpid(), 11)"], scratch=scratch, limits=Limits()
    )
    assert r.signal == 11 and r.exit_code is None
    r = sb.run([sys.executable, "-c", "bytearray(10 * 2**30)"], scratch=scratch, limits=Limits())
    assert r.limit == "memory" and "MemoryError" in r.stderr
    proc = sb.start([sys.executable, "-c", "import time; time.sleep(600)"], scratch=scratch, limits=Limits())
    r = proc.kill()
    assert r.killed and r.signal == 9
    quota_dir = tmp_path / "quota"
    quota_dir.mkdir()
    fill = "import os\nfor i in range(4):\n    open(f'f{i}', 'wb').write(os.urandom(200 * 2**20))\n"
    with sb.scratch(quota_dir, Limits(scratch_bytes=256 * 2**20)) as quota:  # as root: a tmpfs
        r = sb.run([sys.executable, "-c", fill], scratch=quota_dir, limits=Limits())
        assert quota.limited and r.scratch_limited and "No space left" in r.stderr
    assert not any(quota_dir.iterdir())  # the tmpfs and what was written there are gone
    with pytest.raises(SandboxFault, match="hidden"):
        sb.start(["true"], scratch=scratch, mounts=[Mount(lib, "/sandbox/lib")], hidden=[lib / "m.py"])
    names = podman("ps", "--all", "--format", "{{.Names}}").stdout.split()
    assert not [n for n in names if n.startswith("jaxgrade-")], names


CGROUP_CPU = """
import pathlib, time
for path, kind in (("/sys/fs/cgroup/cpu.max", "v2"), ("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "v1")):
    p = pathlib.Path(path)
    if p.exists():
        if kind == "v2":
            quota, period = p.read_text().split()
        else:
            quota, period = p.read_text().strip(), (p.parent / "cpu.cfs_period_us").read_text().strip()
        print(quota, period, flush=True)
        break
t = time.process_time()
while time.process_time() - t < 2:
    pass
print("burnt", flush=True)
time.sleep(120)
"""


def test_container_cpus_usage_and_disk_watchdog(container_sandbox, tmp_path: Path) -> None:
    """--cpus reaches the container's cgroup; the host reads the container's CPU while it runs (time
    limits are judged on it); a scratch folder without a quota tmpfs is bounded by the watchdog."""
    from autograder.sandbox import Limits

    sb = container_sandbox
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    scratch.chmod(0o755)
    proc = sb.start([sys.executable, "-c", CGROUP_CPU], scratch=scratch, limits=Limits(wall_s=300))
    try:
        seen = proc.usage()
        for _ in range(2400):  # at most four minutes
            if proc.wait(0.1) is not None or (seen := proc.usage()).cpu_s >= 1.9:
                break
    finally:
        r = proc.kill()
    assert seen.cpu_s >= 1.9, (seen, r.stdout, r.stderr[-1000:])
    quota, period = r.stdout.split()[:2]
    assert int(quota) / int(period) == sb.cpus, r.stdout
    fill = ("import os\nfor i in range(64):\n    f = open(f'f{i}', 'wb'); f.write(b'x' * 2**20); f.flush()\n"
            "    os.fsync(f.fileno())\nprint('wrote everything')\nimport time; time.sleep(60)\n")
    small = Limits(wall_s=300, scratch_bytes=8 * 2**20)
    r = sb.run([sys.executable, "-c", fill], scratch=scratch, limits=small)
    assert r.limit == "disk" and r.killed, r  # else it would sleep and exit 0


@pytest.mark.parametrize("swap", ["fifo", "symlink"])
def test_the_program_cannot_swap_the_status_file(container_sandbox, tmp_path: Path, swap: str) -> None:
    """The launcher's status file is in a folder the container binds read-write: as root the folder
    stays the grader's (the program may write the file, not replace it), and the parent's reader never
    blocks on a FIFO or follows a link anyway. A host file that looks like a status must not be read:
    the program's own exit code comes back, not the forged 11."""
    import threading

    from autograder.sandbox import Limits

    sb = container_sandbox
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    scratch.chmod(0o755)
    host = tmp_path / "host-status"
    forged = {"event": "exited", "status": 11 << 8, "utime_s": 0, "stime_s": 0, "maxrss_kib": 1}
    host.write_text(json.dumps(forged) + "\n")
    host.chmod(0o644)
    tmp_path.chmod(0o755)
    make = "os.mkfifo(p)" if swap == "fifo" else "os.symlink(sys.argv[1], p)"
    code = (
        "import os, sys, time\n"
        "p = '/sandbox/.status/status'\n"
        "time.sleep(1)\n"
        "done = []\n"
        f"for how in (lambda: os.unlink(p), lambda: {make}):\n"
        "    try:\n"
        "        how()\n"
        "        done.append('ok')\n"
        "    except OSError as exc:\n"
        "        done.append(type(exc).__name__)\n"
        "print(' '.join(done))\n"
    )
    box: dict[str, object] = {}

    def run() -> None:
        argv = [sys.executable, "-c", code, str(host)]
        box["result"] = sb.run(argv, scratch=scratch, limits=Limits(wall_s=120))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(600)
    assert not worker.is_alive(), "the grader blocked on the status file"
    r = box["result"]
    assert r.exit_code == 0 and r.signal is None, (r.exit_code, r.stdout, r.stderr)
    assert r.stdout.split()[0] == "PermissionError" and "ok" not in r.stdout.split(), r.stdout


def test_container_sandbox_reports_a_missing_image(
    image: dict[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from autograder.sandbox import SandboxFault
    from autograder.sandbox.container import ContainerSandbox

    monkeypatch.setenv("JAXGRADE_CONTAINER_DIR", str(STATE))
    sb = ContainerSandbox(
        engine="podman", image="localhost/no-such-image:never", uid=SANDBOX_UID, gid=SANDBOX_UID
    )
    with pytest.raises(SandboxFault, match="not found"):
        sb.start(["true"], scratch=tmp_path)


# --------------------------------------------------------------------------------------------- the image


def test_image_permissions_as_a_sandbox_uid(image: dict[str, str]) -> None:
    probe = """
import os, sys
src = "/opt/jaxgrade/src"
hidden = [f"{src}/autograder/exercises/histogram.py", f"{src}/autograder/grade/run/submission.py",
          f"{src}/assignments", "/autograder/source", "/autograder/results", "/autograder/submission"]
leaks = [p for p in hidden if os.access(p, os.R_OK)]
sys.path.insert(0, "/opt/jaxgrade/src")
import autograder.sandboxed.observe, jaxcourse, jax.numpy as jnp
try:
    from autograder.exercises import histogram
    leaks.append("import autograder.exercises.histogram")
except (ImportError, PermissionError):
    pass
print(os.getuid(), float(jnp.arange(4).sum()), leaks)
"""
    done = podman(
        "run",
        "--rm",
        "--network",
        "none",
        "--read-only",
        "--cap-drop",
        "ALL",
        "--user",
        f"{SANDBOX_UID}:{SANDBOX_UID}",
        "--entrypoint",
        "/opt/jaxgrade/venv/bin/python",
        image["name"],
        "-c",
        probe,
    )
    assert done.stdout.split() == [str(SANDBOX_UID), "6.0", "[]"], done.stdout + done.stderr
    assert int(image["size"]) < 2 * 10**9  # Otter's image is ~4 GB; ours is ~1 GB


def test_image_venv_resolves_to_the_lock(image: dict[str, str]) -> None:
    """The image's venv holds exactly requirements.lock, the versions .venv has (test_lock.py)."""
    from packaging.utils import canonicalize_name

    from helpers.lock_files import read_lock

    listing = (
        "import importlib.metadata as m, json;"
        "print(json.dumps({d.metadata['Name']: d.version for d in m.distributions()}))"
    )
    done = podman(
        "run", "--rm", "--network", "none", "--entrypoint", "/opt/jaxgrade/venv/bin/python",
        image["name"], "-c", listing,
    )  # fmt: skip

    installed = {canonicalize_name(k): v for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}
    locked = read_lock(REPO / "requirements.lock")
    wrong = {n: (v, installed.get(n)) for n, v in locked.items() if installed.get(n) != v}
    assert not wrong, f"the image's venv differs from requirements.lock (locked, in image): {wrong}"
    extra = set(installed) - set(locked) - {"pip", "setuptools"}
    assert not extra, f"the image has packages the lock does not pin: {sorted(extra)}"


# --------------------------------------------------------------------------------------------- Gradescope


def check_gradescope_results(doc: dict) -> None:
    assert set(doc) <= GS_TOP, set(doc) - GS_TOP
    assert isinstance(doc["score"], int | float) and isinstance(doc["execution_time"], int)
    assert doc.get("visibility", "visible") in GS_VISIBILITY
    assert doc.get("stdout_visibility", "hidden") in GS_VISIBILITY
    assert doc.get("output_format", "text") in GS_FORMATS and isinstance(doc.get("output", ""), str)
    assert isinstance(doc["tests"], list) and doc["tests"]
    for t in doc["tests"]:
        assert set(t) <= GS_TEST, set(t) - GS_TEST
        assert isinstance(t["name"], str) and isinstance(t["score"], int | float)
        assert isinstance(t.get("max_score", 0), int | float) and t.get("status", "failed") in (
            "passed",
            "failed",
        )
        assert (
            t.get("visibility", "visible") in GS_VISIBILITY and t.get("output_format", "text") in GS_FORMATS
        )
        assert all(isinstance(x, str) for x in t.get("tags", []))
    assert abs(sum(t["score"] for t in doc["tests"]) - doc["score"]) < 1e-6


def gradescope_metadata(folder: Path, student: str) -> Path:
    """Gradescope's submission_metadata.json, naming the submitter by Student ID (`sid`)."""
    path = folder / "submission_metadata.json"
    path.write_text(json.dumps({"id": 123456, "users": [{"sid": student, "email": f"{student}@example.edu",
                                                         "name": student}]}), encoding="utf-8")  # fmt: skip
    path.chmod(0o644)
    return path


def run_autograder(image: str, submission: Path, results: Path, *args: str) -> subprocess.CompletedProcess:
    """Gradescope's call; the submitter's Student ID is the submission folder's name (the id the
    example was graded under in examples/expected.json: per-student variants follow it)."""
    results.mkdir(exist_ok=True)
    meta = gradescope_metadata(results.parent, submission.name)
    return podman(
        "run",
        "--rm",
        "--init",
        "--network",
        "none",
        "-v",
        f"{submission}:/autograder/submission",
        "-v",
        f"{results}:/autograder/results",
        "-v",
        f"{meta}:/autograder/submission_metadata.json:ro",
        *args,
        "--entrypoint",
        "/autograder/run_autograder",
        image,
    )


@pytest.fixture
def one_student(tmp_path: Path) -> tuple[Path, float]:
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    sid = "s002_partial" if (EXAMPLES / "s002_partial.zip").is_file() else _all_correct().name
    sub = tmp_path / sid  # the folder's name is the submitter's Student ID (run_autograder)
    if sid.endswith("partial"):  # Gradescope unzips an uploaded zip into /autograder/submission
        with zipfile.ZipFile(EXAMPLES / f"{sid}.zip") as zf:
            zf.extractall(sub)
    else:
        shutil.copytree(EXAMPLES / sid, sub)
    return sub, float(expected[sid]["total"])


def test_run_autograder_in_the_image(
    image: dict[str, str], one_student: tuple[Path, float], tmp_path: Path
) -> None:
    sub, total = one_student
    done = run_autograder(image["name"], sub, tmp_path / "results")
    doc = json.loads((tmp_path / "results" / "results.json").read_text(encoding="utf-8"))
    check_gradescope_results(doc)
    assert doc["score"] == total, done.stdout[-3000:]
    assert doc["extra_data"]["status"] in ("ok", "partial:not_submitted:ch05", "build_failed")
    # the exercises' 80 points and the 4 choice quiz questions' 8 (written ones count 0 here: manual)
    assert abs(sum(t["max_score"] for t in doc["tests"]) - 88.0) < 1e-6
    assert "isolation rlimit" in done.stdout  # staff-only log (stdout_visibility hidden)


def test_run_autograder_writes_results_on_a_grader_fault(
    image: dict[str, str], one_student: tuple[Path, float], tmp_path: Path
) -> None:
    sub, _ = one_student
    done = run_autograder(
        image["name"], sub, tmp_path / "results", "--env", "JAXGRADE_RELEASE=no-such-release"
    )
    doc = json.loads((tmp_path / "results" / "results.json").read_text(encoding="utf-8"))
    check_gradescope_results(doc)
    assert doc["score"] == 0 and doc["extra_data"]["status"] == "grader_error"
    assert "no-such-release" in doc["extra_data"]["error"] and "GRADER FAULT" in done.stdout
    assert doc["tests"][0]["name"] == "autograder" and doc["tests"][0]["max_score"] == 80.0


def test_run_autograder_without_python_still_writes_results(tmp_path: Path) -> None:
    (tmp_path / "submission").mkdir()
    env = {
        **os.environ,
        "JAXGRADE_AUTOGRADER_ROOT": str(tmp_path),
        "JAXGRADE_VENV": str(tmp_path / "no-venv"),
    }
    done = subprocess.run(
        ["bash", str(REPO / "scripts" / "run_autograder")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    doc = json.loads((tmp_path / "results" / "results.json").read_text(encoding="utf-8"))
    check_gradescope_results(doc)
    assert doc["score"] == 0 and doc["extra_data"]["status"] == "grader_error"


def test_bundle_is_deterministic_and_holds_no_answers(tmp_path: Path) -> None:
    zips = []
    for name in ("a.zip", "b.zip"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "autograder.cli",
                "bundle",
                "--release",
                "2026-fall",
                "--out",
                str(tmp_path / name),
            ],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        zips.append((tmp_path / name).read_bytes())
    assert zips[0] == zips[1]
    with zipfile.ZipFile(io.BytesIO(zips[0])) as zf:
        names = zf.namelist()
        assert {"setup.sh", "run_autograder", "pyproject.toml", "BUNDLE.json"} <= set(names)
        assert "assignments/2026-fall/manifest.json" in names and "autograder/exercises/histogram.py" in names
        assert not [
            n for n in names if n.startswith(("solutions/", "tests/", "examples/")) or n.endswith(".pyc")
        ]
        for n in ("setup.sh", "run_autograder"):
            assert (zf.getinfo(n).external_attr >> 16) & 0o111
        manifest = json.loads(zf.read("BUNDLE.json"))
        assert manifest["release"] == "2026-fall" and set(manifest["files"]) == set(names) - {"BUNDLE.json"}


@pytest.fixture
def bundle_dir(tmp_path: Path) -> Iterator[Path]:
    zpath = tmp_path / "bundle.zip"
    done = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "bundle", "--release", "2026-fall", "--out", str(zpath)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    dest = tmp_path / "source"
    with zipfile.ZipFile(zpath) as zf:  # like Gradescope: unzip keeps the modes of a unix zip
        for info in zf.infolist():
            zf.extract(info, dest)
            os.chmod(dest / info.filename, (info.external_attr >> 16) & 0o777)
    yield dest


def test_bundle_installs_and_grades_in_the_image(
    image: dict[str, str], bundle_dir: Path, one_student: tuple[Path, float], tmp_path: Path
) -> None:
    """The zip's own setup.sh (project phase: the image already has the system and deps phases that
    grader.Dockerfile ran from the same script) and its run_autograder, as Gradescope would."""
    sub, total = one_student
    results = tmp_path / "results"
    results.mkdir()
    meta = gradescope_metadata(tmp_path, sub.name)
    done = podman(
        "run",
        "--rm",
        "--init",
        "--network",
        "none",
        "-v",
        f"{bundle_dir}:/autograder/source",
        "-v",
        f"{sub}:/autograder/submission",
        "-v",
        f"{results}:/autograder/results",
        "-v",
        f"{meta}:/autograder/submission_metadata.json:ro",
        "--entrypoint",
        "/bin/bash",
        image["name"],
        "-c",
        # Gradescope's images have world-writable /tmp, /var/tmp and /dev/shm (1777); grading time
        # may bring fresh 1777 mounts again: both setup.sh and run_autograder close them
        "chmod 1777 /tmp /var/tmp /dev/shm && rm -rf /opt/jaxgrade/src && /autograder/source/setup.sh project"
        " && stat -c 'after-setup %a %n' /tmp /var/tmp /dev/shm && chmod 1777 /tmp /dev/shm"
        " && /autograder/run_autograder && stat -c 'after-run %a %n' /tmp /var/tmp /dev/shm",
    )
    doc = json.loads((results / "results.json").read_text(encoding="utf-8"))
    check_gradescope_results(doc)
    assert doc["score"] == total, done.stdout[-3000:] + done.stderr[-3000:]
    assert "self-check passed" in done.stderr
    modes = [line for line in done.stdout.splitlines() if line.startswith(("after-setup ", "after-run "))]
    assert modes == [f"{when} 755 {d}" for when in ("after-setup", "after-run")
                     for d in ("/tmp", "/var/tmp", "/dev/shm")], done.stdout[-2000:]


def test_bundled_compile_cache_is_installed_and_used_in_the_image(
    image: dict[str, str], one_student: tuple[Path, float], tmp_path: Path
) -> None:
    """`jaxgrade bundle --compile-cache auto`: the zip's setup.sh installs the cache root-owned under
    /opt/jaxgrade/xla (its self-check proves a sandbox uid cannot list it), run_autograder points
    JAXGRADE_COMPILE_CACHE_ROOT there, and grading on this host (same CPU, jaxlib, grader) uses it
    and scores as without it."""
    from autograder.grade import compile_cache

    from helpers.trusted_cache import fill_trusted

    name = compile_cache.cache_name((RELEASE / "manifest.json").read_bytes(), "2026-fall")
    root = tmp_path / "xla-root"
    root.mkdir()
    fill_trusted(root / name)
    zpath = tmp_path / "bundle.zip"
    done = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "bundle", "--release", "2026-fall", "--out", str(zpath),
         "--compile-cache", "auto"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
        env={**os.environ, "JAXGRADE_COMPILE_CACHE_ROOT": str(root)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    source = tmp_path / "source"
    with zipfile.ZipFile(zpath) as zf:
        for info in zf.infolist():
            zf.extract(info, source)
            os.chmod(source / info.filename, (info.external_attr >> 16) & 0o777)
    assert (source / "compile-cache" / name).is_dir()
    sub, total = one_student
    results = tmp_path / "results"
    results.mkdir()
    meta = gradescope_metadata(tmp_path, sub.name)
    done = podman(
        "run", "--rm", "--init", "--network", "none",
        "-v", f"{source}:/autograder/source",
        "-v", f"{sub}:/autograder/submission",
        "-v", f"{results}:/autograder/results",
        "-v", f"{meta}:/autograder/submission_metadata.json:ro",
        "--entrypoint", "/bin/bash", image["name"], "-c",
        "rm -rf /opt/jaxgrade/src && /autograder/source/setup.sh project"
        " && stat -c 'cache %a %U %n' /opt/jaxgrade/xla /opt/jaxgrade/xla/* && /autograder/run_autograder",
    )  # fmt: skip
    assert "self-check passed" in done.stderr, done.stderr[-3000:]
    assert f"compile cache -> /opt/jaxgrade/xla: {name}" in done.stderr
    assert [line for line in done.stdout.splitlines() if line.startswith("cache ")] == [
        "cache 711 root /opt/jaxgrade/xla", f"cache 711 root /opt/jaxgrade/xla/{name}"
    ]
    assert f"compile cache {name}: used" in done.stdout, done.stdout[-3000:]
    doc = json.loads((results / "results.json").read_text(encoding="utf-8"))
    check_gradescope_results(doc)
    assert doc["score"] == total, done.stdout[-3000:]
