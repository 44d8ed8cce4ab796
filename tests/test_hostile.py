"""The hostile corpus (tests/corpus/hostile/, made by make_hostile.py) graded through `jaxgrade grade`.

One batch grades every case: the real `jaxgrade grade` entry point (`autograder.grade.run` with the
real runner), the real bwrap sandbox, real clang++, real JAX, `--jobs 2`, `--exercises` limited to
the exercises the corpus talks about, the runner's shared kernel build cache, and
`--timeout-scale JAXGRADE_HOSTILE_TIMEOUT_SCALE` (default 0.25: 30 s per exercise, so the two cases
that must time out cost half a minute instead of two). The only settings changed from the command
line's are the sandbox uids (private to this test, so "no process of the uid survives" is about this
batch) and the scratch root (under the lane's folder, so "nothing left behind" can be checked).

The batch is a command (tests/helpers/hostile_grade.py) on the session's early lane
(tests/helpers/early_lane.py): `queue_early_work` prepares its folders, takes the "before" snapshots
and opens the listener when collection ends; the batch then grades beside the other tests, and this
module runs after them, so every "after" measurement is taken when nothing else runs.

Per case (expected.json): scores and statuses per exercise, the submission status, TA flags, what
the student's feedback must and must not say, host marker files, process markers, the loopback
listener. For the whole batch: SUBMISSIONS and the corpus are byte-identical afterwards, OUT holds
only the documented outputs next to untouched canary files, the repository's autograder/,
assignments/, solutions/, jaxcourse/ and kernels/ carry no trace of hostile code, no /tmp/jaxgrade_*
marker exists, no process of the sandbox uids survives and none carries a case marker. The corpus
grading time is printed (run with -s to see it), never asserted.

The repository is shared with engineers editing it while this test runs, so a changed repository file
fails the test only when it carries a hostile trace (marker text, a marker name, emptied, mode
changed): every write the corpus attempts creates marker-named files with marker text and never
touches an existing file's content. SUBMISSIONS, OUT and the corpus are compared strictly.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import socket
import stat
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from autograder.exercises import EXERCISE_IDS
from autograder.grade.gradebook import Gradebook
from autograder.model import StudentResult
from autograder.sandbox.rlimit import uid_pids

from helpers.early_lane import EarlyLane, session_lane
from helpers.hostile_grade import RESULT_PREFIX
from helpers.marked_processes import process_cmdlines

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "corpus" / "hostile"
RELEASE = REPO / "assignments" / "2026-fall"
EXPECTED: dict[str, dict[str, Any]] = {
    p.parent.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(CORPUS.glob("*/expected.json"))
}
# JAXGRADE_HOSTILE_CASES=h23,h24_deep: grade only the cases whose id starts with one of these (while
# working on a few cases; the whole-batch checks then cover those cases only)
_PREFIXES = tuple(p for p in os.environ.get("JAXGRADE_HOSTILE_CASES", "").split(",") if p)
SELECTED = {case: doc for case, doc in EXPECTED.items() if not _PREFIXES or case.startswith(_PREFIXES)}
TIMEOUT_SCALE = float(os.environ.get("JAXGRADE_HOSTILE_TIMEOUT_SCALE", "0.25"))
JOBS = 2
# Sandbox uids of this test only (the runner takes one per concurrent job with an flock).
UID_BASE = 65500 + (os.getpid() % 200) * JOBS
UIDS = tuple(range(UID_BASE, UID_BASE + JOBS))
LISTEN_PORTS = (47600, 47620)  # keep in sync with make_hostile.LISTEN_PORTS
PROCESS_MARKER = "jaxgrade_hostile_"
HOSTILE_TEXT = (b"JAXGRADE-HOSTILE", b"jaxgrade_hostile_", b"jaxgrade_pwned_", b"jaxgrade_ctor_")
HOSTILE_NAME = re.compile(r"jaxgrade_(hostile|pwned|ctor|escape|daemon|magic)_")
MARKER_DIRS = (Path("/tmp"), Path("/var/tmp"), Path("/dev/shm"), Path("/"))
REPO_DIRS = ("autograder", "assignments", "solutions", "jaxcourse", "kernels")
OUT_TOP = re.compile(
    r"grades\.csv|quiz\.csv|report\.md|gradebook\.sqlite(-wal|-shm|-journal)?|\.jaxgrade\.lock"
)
OUT_STUDENT = frozenset({"results.json", "feedback.md", "feedback.html", "quiz.md"})
# written only when the child's jaxpr tap saw the student's functions (the similarity report reads it)
OUT_STUDENT_OPTIONAL = frozenset({"behaviour.json"})
# OUT/quiz/: the chapters' quiz answers read from the notebooks (never run) and the TAs' grading packet.
# ... and the line-comment packet (line_comments.txt, with the answer cells it is checked against)
OUT_QUIZ = frozenset({"answers.json", "manual.csv", "manual.html", "manual.json", "line_comments.txt",
                      "answer_cells.json"})
CANARIES = {"zz-canary.txt": b"canary: OUT existed before the batch\n",
            "zz-canary/results.json": b'{"score": 0, "note": "canary"}\n'}

REAL_MISSING = os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None
REAL = pytest.mark.skipif(REAL_MISSING, reason="needs root, bwrap and clang++ (the real sandbox)")
HOSTILE_GRADE = REPO / "tests" / "helpers" / "hostile_grade.py"
pytestmark = [pytest.mark.slow]


# --------------------------------------------------------------------------------------- snapshots


Snapshot = dict[str, dict[str, tuple[str, int]]]  # folder -> tree_digest


def tree_digest(root: Path) -> dict[str, tuple[str, int]]:
    """Relative path -> (content sha256 | link target | "dir", mode), without following links."""
    out: dict[str, tuple[str, int]] = {}
    if not root.exists():
        return out
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            st = p.lstat()
            rel = str(p.relative_to(root))
            if stat.S_ISLNK(st.st_mode):
                out[rel] = ("link:" + os.readlink(p), st.st_mode)
            elif stat.S_ISDIR(st.st_mode):
                out[rel] = ("dir", st.st_mode)
            elif stat.S_ISREG(st.st_mode):
                out[rel] = (hashlib.sha256(p.read_bytes()).hexdigest(), st.st_mode)
            else:
                out[rel] = ("special", st.st_mode)
    return out


def diff_trees(before: dict[str, tuple[str, int]], after: dict[str, tuple[str, int]]) -> list[str]:
    changed = [f"changed {k}" for k in sorted(before.keys() & after.keys()) if before[k] != after[k]]
    return ([*changed, *(f"new {k}" for k in sorted(after.keys() - before.keys())),
             *(f"gone {k}" for k in sorted(before.keys() - after.keys()))])


def repo_snapshot() -> Snapshot:
    snap = {d: tree_digest(REPO / d) for d in REPO_DIRS}
    snap["."] = {p.name: ("top", p.lstat().st_mode) for p in REPO.iterdir()}
    return snap


def hostile_traces(before: Snapshot, after: Snapshot, root: Path = REPO) -> tuple[list[str], list[str]]:
    """(hostile traces, other changes) between two repository snapshots. Other engineers edit the
    shared checkout meanwhile: a change is a hostile trace only if it looks like the corpus' writes."""
    traces, others = [], []
    for d in before:
        for line in diff_trees(before[d], after[d]):
            kind, rel = line.split(" ", 1)
            path = root / d / rel
            hostile = bool(HOSTILE_NAME.search(rel))
            if kind == "changed" and before[d][rel][1] != after[d][rel][1]:
                hostile = True  # mode changed
            if kind in ("changed", "new") and path.is_file() and not path.is_symlink():
                data = path.read_bytes()
                hostile = hostile or any(m in data for m in HOSTILE_TEXT) or (kind == "changed" and not data)
            (traces if hostile else others).append(f"{d}/{line}")
    return traces, others


def host_markers() -> list[str]:
    found = []
    for d in MARKER_DIRS:
        try:
            found += [str(d / n) for n in os.listdir(d) if HOSTILE_NAME.search(n)]
        except OSError:
            pass
    return sorted(found)


def marker_files_under(root: Path, skip: Iterable[str] = (".git", ".venv")) -> list[str]:
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in skip]
        found += [str(Path(dirpath) / n) for n in [*dirnames, *filenames] if HOSTILE_NAME.search(n)]
    return found


class Listener:
    """A TCP and a UDP socket on one free port of LISTEN_PORTS at 127.0.0.1; counts what arrives."""

    def __init__(self) -> None:
        for port in range(*LISTEN_PORTS):
            tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                tcp.bind(("127.0.0.1", port))
                udp.bind(("127.0.0.1", port))
            except OSError:
                tcp.close()
                udp.close()
                continue
            tcp.listen(16)
            tcp.setblocking(False)
            udp.setblocking(False)
            self.port, self.tcp, self.udp = port, tcp, udp
            return
        raise RuntimeError(f"no free port in {LISTEN_PORTS} for the loopback listener")

    def arrivals(self) -> list[str]:
        got = []
        while True:
            try:
                conn, addr = self.tcp.accept()
            except BlockingIOError:
                break
            got.append(f"tcp from {addr}")
            conn.close()
        while True:
            try:
                data, addr = self.udp.recvfrom(4096)
            except BlockingIOError:
                break
            got.append(f"udp from {addr}: {data[:60]!r}")
        return got

    def close(self) -> None:
        self.tcp.close()
        self.udp.close()


# ------------------------------------------------------------------------------------------- batch


def corpus_scope() -> tuple[str, ...]:
    """Exercises any case talks about and whose hidden checks exist, in gradebook order."""
    named = {ex for doc in SELECTED.values() for ex in doc["exercises"]}
    return tuple(ex for ex in EXERCISE_IDS if ex in named
                 and importlib.util.find_spec(f"autograder.exercises.{ex}") is not None)


@dataclass
class Batch:
    root: Path
    subs: Path
    out: Path
    scope: tuple[str, ...]
    exit_code: int
    seconds: float
    results: dict[str, StudentResult]
    safe_ids: dict[str, str]
    states: dict[str, str]
    subs_changes: list[str]
    corpus_changes: list[str]
    out_problems: list[str]
    repo_traces: list[str]
    repo_other_changes: list[str]
    markers: list[str]
    stale_markers: list[str]
    uid_processes: dict[int, list[int]]
    marked_processes: dict[int, str]
    arrivals: list[str]
    scratch_left: list[str] = field(default_factory=list)


def _copy_entry(case: str, doc: dict[str, Any], subs: Path) -> None:
    src = CORPUS / case / doc["submission"]
    if src.is_dir():
        shutil.copytree(src, subs / src.name)
    else:
        shutil.copy2(src, subs / src.name)


def _check_out(out: Path, safe_ids: Iterable[str]) -> list[str]:
    problems = []
    students = set(safe_ids)
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out)
        if str(rel) in CANARIES or rel.parts[0] == "zz-canary":
            continue
        if len(rel.parts) == 1:
            top_dirs = students | {"quiz"}
            ok = (p.is_dir() and rel.parts[0] in top_dirs) or (p.is_file() and OUT_TOP.fullmatch(rel.name))
        elif rel.parts[0] == "quiz" and "quiz" not in students:
            ok = len(rel.parts) == 2 and rel.name in OUT_QUIZ and p.is_file()
        else:
            named = rel.name in OUT_STUDENT | OUT_STUDENT_OPTIONAL
            ok = len(rel.parts) == 2 and rel.parts[0] in students and named and p.is_file()
        if not ok or p.is_symlink():
            problems.append(f"unexpected entry in OUT: {rel}")
    for rel, data in CANARIES.items():
        p = out / rel
        if not p.is_file() or p.is_symlink() or p.read_bytes() != data:
            problems.append(f"canary OUT/{rel} changed")
    return problems


@dataclass
class Prepared:
    """What the early lane's batch needs, and the snapshots taken before it started."""

    root: Path
    subs: Path
    out: Path
    scratch: Path
    scope: tuple[str, ...]
    stale: list[str]
    subs_before: dict[str, tuple[str, int]]
    corpus_before: dict[str, tuple[str, int]]
    repo_before: Snapshot
    listener: Listener


LANE_KEY = "hostile-corpus"


def queue_early_work(lane: EarlyLane, items: list[pytest.Item]) -> None:
    """Prepare the batch's folders, take the snapshots, open the listener and queue the grading on
    the session's early lane (tests/helpers/early_lane.py) when a test reading `batch` is collected
    and the real sandbox is here (otherwise those tests skip)."""
    if REAL_MISSING or not any("batch" in getattr(item, "fixturenames", ()) for item in items):
        return
    root = lane.workdir(LANE_KEY)
    subs, out, scratch = root / "submissions", root / "out", root / "scratch"
    subs.mkdir()
    for case, doc in SELECTED.items():
        _copy_entry(case, doc, subs)
    os.chmod(subs, 0o700)
    out.mkdir()
    for rel, data in CANARIES.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    stale = host_markers()  # left by an earlier run of a broken grader: remove, report
    for m in stale:
        if Path(m).is_dir() and not Path(m).is_symlink():
            shutil.rmtree(m, ignore_errors=True)
        else:
            Path(m).unlink(missing_ok=True)

    scope = corpus_scope()
    grade_args = [str(subs), "--out", str(out), "--release", str(RELEASE), "--jobs", str(JOBS), "--isolation",
                  "bwrap", "--exercises", ",".join(scope), "--timeout-scale", str(TIMEOUT_SCALE)]
    argv = [sys.executable, str(HOSTILE_GRADE), "--uids", ",".join(map(str, UIDS)), "--scratch", str(scratch),
            "--", *grade_args]  # fmt: skip
    prepared = Prepared(root, subs, out, scratch, scope, stale, tree_digest(subs), tree_digest(CORPUS),
                        repo_snapshot(), Listener())  # fmt: skip
    lane.add(LANE_KEY, argv, note=prepared)


@pytest.fixture(scope="module")
def batch(request: pytest.FixtureRequest) -> Batch:
    """The batch's result, with every whole-batch measurement taken now, after it (the grading itself
    ran on the early lane since the session's start; this module runs after the other tests)."""
    lane = session_lane(request.config)
    done = lane.result(LANE_KEY)
    prep: Prepared = lane.notes[LANE_KEY]  # type: ignore[assignment]
    try:
        arrivals = prep.listener.arrivals()
    finally:
        prep.listener.close()
    result_lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    output = f"{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    assert done.returncode == 0 and result_lines, f"the batch's command failed ({done.returncode}):\n{output}"
    figures = json.loads(result_lines[-1].removeprefix(RESULT_PREFIX))
    code, seconds = int(figures["exit_code"]), float(figures["seconds"])
    print(f"\nhostile corpus: {len(SELECTED)} cases graded in {seconds:.1f} s "
          f"(--jobs {JOBS}, --timeout-scale {TIMEOUT_SCALE:g}, --exercises {','.join(prep.scope)}; "
          "on the early lane, beside other tests)")

    root, subs, out, scratch = prep.root, prep.subs, prep.out, prep.scratch
    uid_processes = {uid: pids for uid in UIDS if (pids := uid_pids(uid))}
    marked = {pid: cmd for pid, cmd in process_cmdlines().items()
              if PROCESS_MARKER in cmd and pid != os.getpid()}
    repo_traces, repo_other = hostile_traces(prep.repo_before, repo_snapshot())
    markers = host_markers() + marker_files_under(REPO) + marker_files_under(out) + marker_files_under(subs)
    markers += marker_files_under(lane.home / ".cache")  # the runner's kernel build cache of the lane
    results, safe_ids, states = {}, {}, {}
    with Gradebook(out / "gradebook.sqlite") as gb:
        for case in SELECTED:
            row = gb.get(case)
            if row is None:
                continue
            safe_ids[case], states[case] = row.safe_id, row.state
            if (res := gb.load_result(case)) is not None:
                results[case] = res
    left = [p.name for p in scratch.iterdir() if not p.name.startswith("lib-")] if scratch.exists() else []
    subs_changes = diff_trees(prep.subs_before, tree_digest(subs))
    corpus_changes = diff_trees(prep.corpus_before, tree_digest(CORPUS))
    return Batch(root, subs, out, prep.scope, code, seconds, results, safe_ids, states, subs_changes,
                 corpus_changes, _check_out(out, safe_ids.values()), repo_traces, repo_other,
                 sorted(set(markers)), prep.stale, uid_processes, marked, arrivals, left)


# ------------------------------------------------------------------------------------------- checks


def score_ok(spec: Any, score: float, max_score: float) -> bool:
    if spec == "any":
        return True
    if spec == "full":
        return max_score > 0 and abs(score - max_score) < 1e-9
    if spec == "<full":
        return score < max_score - 1e-9
    if spec == ">0":
        return score > 0
    return abs(score - float(spec)) < 1e-9


def exercise_problems(ex: str, spec: dict[str, Any], sc: Any) -> list[str]:
    """What is wrong with exercise `ex`'s score `sc`: nothing when it matches the expected outcome, or
    one of a `one_of` list's outcomes; otherwise why each outcome fails."""
    if "one_of" in spec:
        found = [outcome_problems(ex, alt, sc) for alt in spec["one_of"]]
        return [] if not all(found) else [p for one in found for p in one]
    return outcome_problems(ex, spec, sc)


def outcome_problems(ex: str, spec: dict[str, Any], sc: Any) -> list[str]:
    problems = []
    if not score_ok(spec["score"], sc.score, sc.max_score):
        problems.append(f"{ex}: score {sc.score}/{sc.max_score} ({sc.status}), expected {spec['score']}: "
                        f"{sc.summary_zh[:300]!r}")
    statuses = spec.get("status")
    if statuses is not None and sc.status not in (statuses if isinstance(statuses, list) else [statuses]):
        problems.append(f"{ex}: status {sc.status!r}, expected {statuses!r}: {sc.summary_zh[:300]!r}")
    if spec["score"] == "full" and sc.max_score != 10.0:
        problems.append(f"{ex}: max score {sc.max_score} is not the release's 10 points")
    return problems


def case_problems(batch: Batch, case: str, doc: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    res = batch.results.get(case)
    if batch.states.get(case) != "graded" or res is None:
        return [f"not graded: state {batch.states.get(case)!r} (a grader fault is never acceptable)"]
    wanted = doc["status"] if isinstance(doc["status"], list) else [doc["status"]]
    if res.status not in wanted:
        problems.append(f"status {res.status!r}, expected one of {wanted}")
    for ex, spec in doc["exercises"].items():
        if ex not in batch.scope:
            continue  # hidden checks not available in this tree
        sc = res.scores.get(ex)
        if sc is None:
            problems.append(f"{ex}: no score")
            continue
        problems.extend(exercise_problems(ex, spec, sc))
    for flag in doc["flags"].get("has", []):
        if flag not in res.flags:
            problems.append(f"flag {flag!r} missing (flags {res.flags})")
    for flag in doc["flags"].get("lacks", []):
        if flag in res.flags:
            problems.append(f"unexpected flag {flag!r}")
    folder = batch.out / batch.safe_ids[case]
    feedback = (folder / "feedback.md").read_text(encoding="utf-8")
    plain = feedback.replace("\\", "")  # Markdown escapes (h02\_frame)
    for text in doc["feedback"].get("contains", []):
        if text not in plain:
            problems.append(f"feedback.md lacks {text!r}")
    for text in doc["feedback"].get("absent", []):
        if text in plain:
            problems.append(f"feedback.md shows {text!r}")
    for pattern in doc["feedback"].get("matches", []):
        if not re.search(pattern, plain):
            problems.append(f"feedback.md does not match {pattern!r}")
    host_paths = [str(batch.subs), str(batch.out), str(batch.root)]
    optional = [name for name in sorted(OUT_STUDENT_OPTIONAL) if (folder / name).is_file()]
    for name in [*sorted(OUT_STUDENT), *optional]:
        text = (folder / name).read_text(encoding="utf-8")
        for needle in [*doc["outputs_absent"], *host_paths]:
            if needle in text or needle in text.replace("\\", ""):
                problems.append(f"{name} shows {needle[:60]!r}")
    for marker in doc["host_markers"]:
        if os.path.lexists(marker):
            problems.append(f"host marker {marker} exists")
    for marker in doc["process_markers"]:
        alive = {pid: cmd for pid, cmd in batch.marked_processes.items() if marker in cmd}
        if alive:
            problems.append(f"processes with {marker} survive: {alive}")
    if doc["listener"] and batch.arrivals:
        problems.append(f"the loopback listener received {batch.arrivals}")
    return problems


@REAL
@pytest.mark.parametrize("case", list(SELECTED))
def test_hostile_case(batch: Batch, case: str) -> None:
    problems = case_problems(batch, case, EXPECTED[case])
    assert not problems, f"{case} ({EXPECTED[case]['attack']}):\n  " + "\n  ".join(problems)


@REAL
def test_batch_completes_without_grader_faults(batch: Batch) -> None:
    assert batch.exit_code == 0
    assert sorted(batch.states) == sorted(SELECTED)
    assert {s for s in batch.states.values()} == {"graded"}


@REAL
def test_nothing_outside_scratch_changed(batch: Batch) -> None:
    assert batch.subs_changes == [], "SUBMISSIONS changed"
    assert batch.corpus_changes == [], "the corpus changed"
    assert batch.out_problems == []
    assert batch.repo_traces == [], "hostile traces in the repository"
    if batch.repo_other_changes:  # someone else's edits in the shared checkout
        print("repository changes without hostile traces (concurrent edits):", batch.repo_other_changes[:20])
    assert batch.scratch_left == [], "job scratch folders left behind"


@REAL
def test_no_marker_file_appears_on_the_host(batch: Batch) -> None:
    assert batch.markers == []
    if batch.stale_markers:
        print("removed marker files of an earlier run:", batch.stale_markers)


@REAL
def test_no_process_survives(batch: Batch) -> None:
    assert batch.uid_processes == {}, "processes of the sandbox uids survive the batch"
    assert batch.marked_processes == {}, "processes started by hostile code survive the batch"


@REAL
def test_nothing_reaches_the_loopback_listener(batch: Batch) -> None:
    assert batch.arrivals == []


def test_the_checks_have_teeth(tmp_path: Path) -> None:
    """The batch checks flag what a broken sandbox would leave behind (fast, no grading)."""
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.py").write_text("x = 1\n")
    (tmp_path / "d" / "b.py").write_text("y = 2\n")
    before = {"d": tree_digest(tmp_path / "d")}
    (tmp_path / "d" / "a.py").write_text("x = 1  # JAXGRADE-HOSTILE h99\n")
    (tmp_path / "d" / "jaxgrade_hostile_h99.txt").write_text("")
    (tmp_path / "d" / "b.py").write_text("y = 3\n")  # an ordinary edit
    traces, others = hostile_traces(before, {"d": tree_digest(tmp_path / "d")}, tmp_path)
    assert traces == ["d/changed a.py", "d/new jaxgrade_hostile_h99.txt"] and others == ["d/changed b.py"]
    assert marker_files_under(tmp_path) == [str(tmp_path / "d" / "jaxgrade_hostile_h99.txt")]
    listener = Listener()
    try:
        with socket.create_connection(("127.0.0.1", listener.port), timeout=5):
            pass
        time.sleep(0.1)  # the handshake completes in the kernel; accept() then finds it
        assert len(listener.arrivals()) == 1 and listener.arrivals() == []
    finally:
        listener.close()
    out = tmp_path / "out"
    for rel, data in CANARIES.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    (out / "s1").mkdir()
    (out / "s1" / "results.json").write_text("{}")
    (out / "s1" / "pwned.txt").write_text("")
    (out / "grades.csv").write_text("")
    assert _check_out(out, ["s1"]) == ["unexpected entry in OUT: s1/pwned.txt"]
    assert [score_ok(s, 10.0, 10.0) for s in ("full", "<full", ">0", "any", 0, 10)] == \
        [True, False, True, True, False, True]


def test_an_exercise_with_alternatives_passes_on_any_of_them_and_fails_on_none() -> None:
    """`one_of` (a race the grader cannot order, h27): either outcome holds, a third is reported."""
    from types import SimpleNamespace

    def score(points: float, status: str) -> SimpleNamespace:
        return SimpleNamespace(score=points, max_score=10.0, status=status, summary_zh="")

    spec = {"one_of": [{"score": 0, "status": ["timeout", "crashed"]}, {"score": "full", "status": "ok"}]}
    outcomes = {"killed": score(0.0, "timeout"), "kept": score(10.0, "ok"), "half": score(5.0, "ok"),
                "zero but ok": score(0.0, "ok")}  # fmt: skip
    seen = {label: exercise_problems("histogram", spec, sc) for label, sc in outcomes.items()}
    assert seen["killed"] == [] and seen["kept"] == []
    assert seen["half"] == ["histogram: score 5.0/10.0 (ok), expected 0: ''",
                            "histogram: status 'ok', expected ['timeout', 'crashed']: ''",
                            "histogram: score 5.0/10.0 (ok), expected full: ''"]  # fmt: skip
    assert seen["zero but ok"] == ["histogram: status 'ok', expected ['timeout', 'crashed']: ''",
                                   "histogram: score 0.0/10.0 (ok), expected full: ''"]  # fmt: skip


def test_corpus_is_what_the_generator_makes(tmp_path: Path) -> None:
    """The committed corpus is reproducible: regenerating it from the release and masters changes nothing."""
    spec = importlib.util.spec_from_file_location("make_hostile", CORPUS / "make_hostile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        assert module.LISTEN_PORTS == LISTEN_PORTS
        assert module.main(["--out", str(tmp_path), "--release", str(RELEASE)]) == 0
    finally:
        sys.modules.pop(spec.name, None)
    made = {str(p.relative_to(tmp_path)): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    committed = {str(p.relative_to(CORPUS)): p.read_bytes() for p in CORPUS.rglob("*")
                 if p.is_file() and p.name != "make_hostile.py" and "__pycache__" not in p.parts}
    assert sorted(made) == sorted(committed)
    stale = [name for name in made if made[name] != committed[name]]
    assert stale == [], "regenerate with: .venv/bin/python tests/corpus/hostile/make_hostile.py"
    assert len(EXPECTED) >= 15


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-s"]))
