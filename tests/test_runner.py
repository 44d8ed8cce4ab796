"""The grading runner: real bwrap sandbox, real JAX and IPython in the child, real clang++; and the
parent's verdict plumbing against a fake sandbox that replays recorded observations.

The real-sandbox tests use small dummy exercises (real exercise ids, dummy probes in a copy of the
child library, dummy verdicts in the catalog) so each one runs in a few seconds: a hanging cell, an
`os._exit`, a replaced `jax.jit`, a kernel, files the child must not see.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autograder.exercises import EXERCISE_IDS
from autograder.exercises.base import CheckOutcome, Exercise, ProbeInputs, SubCheck
from autograder.grade import runner
from autograder.grade.jobfiles import prepare_child_library
from autograder.grade.model import ChapterNotebook, GraderFault, ReleaseInfo, StudentSubmission
from autograder.grade.runner import RunSettings, exercise_seed, grade_submission
from autograder.observations import ObservationInvalid, Observations
from autograder.sandbox import SandboxResult, _uid_pids

REAL = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("clang++") is None,
    reason="needs root, bwrap and clang++ (the real sandbox)",
)

# --- dummy exercises -----------------------------------------------------------------------------

DUMMY_PROBE = '''
import jax.numpy as jnp
import numpy as np


def probe(ns, inp, rec):
    rec.observe("y", lambda: np.asarray(ns["{name}"](jnp.asarray(inp["x"]))))
    rec.observe("extra", lambda: ns.get("extra"))


def kernel_probe(so_path, inp, rec):
    import ctypes

    rec.observe("answer", lambda: int(ctypes.CDLL(str(so_path)).answer()))
    rec.put("so_name", so_path.name)
'''

# id -> (chapter, function the answer defines, factor it multiplies by)
DUMMIES: dict[str, tuple[str, str, float]] = {
    "histogram": ("ch02", "double", 2.0),
    "recompile": ("ch02", "triple", 3.0),
    "reduce_sum_rules": ("ch05", "quad", 4.0),
    "silu_ffi": ("ch05", "penta", 5.0),
}


@dataclass
class DummyModule:
    """Stands in for autograder.exercises.<id>: EXERCISE, inputs, verdict (records what it saw)."""

    EXERCISE: Exercise
    factor: float
    seen: list[Observations] = field(default_factory=list)

    def inputs(self, seed: int) -> ProbeInputs:
        return ProbeInputs(seed, {"x": np.arange(4, dtype=np.float32) + seed % 5}, {"n": 4})

    def verdict(self, inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
        self.seen.append(obs)
        try:
            y = obs.array("y", shape=(4,))
        except ObservationInvalid as exc:
            return [CheckOutcome("value", False, exc.message_zh)]
        return [CheckOutcome("value", bool(np.allclose(y, inp.arrays["x"] * self.factor)), "")]


def dummy_catalog(timeouts: dict[str, float] | None = None) -> dict[str, DummyModule]:
    out = {}
    for ex_id, (chapter, name, factor) in DUMMIES.items():
        checks = (SubCheck("value", 10, "结果正确", gate=True),)
        ex = Exercise(ex_id, chapter, f"测试题 {ex_id}", (name,), checks,
                      relies_on=("jax.jit", "numpy.asarray"), kernel_probe=ex_id == "silu_ffi",
                      timeout_s=(timeouts or {}).get(ex_id, 60.0))
        out[ex_id] = DummyModule(ex, factor)
    return out


def code(src: str, meta: dict | None = None) -> dict:
    return {"cell_type": "code", "metadata": {"jaxgrade": meta} if meta else {}, "source": src,
            "outputs": [], "execution_count": None}


def md(src: str, meta: dict | None = None) -> dict:
    return {"cell_type": "markdown", "metadata": {"jaxgrade": meta} if meta else {}, "source": src}


def release_notebook(chapter: str, setup: str) -> dict:
    cells = [code('import otter\ngrader = otter.Notebook("x.ipynb")', {"role": "selfcheck"}),
             code(setup, {"role": "setup"})]
    for ex_id, (ch, name, _) in DUMMIES.items():
        if ch != chapter:
            continue
        cells += [md(f"## {ex_id}: define `{name}`", {"role": "statement", "exercise": ex_id}),
                  code(f"# 作答区:{ex_id}", {"role": "answer", "exercise": ex_id}),
                  code(f'grader.check("{ex_id}")', {"role": "selfcheck", "exercise": ex_id})]
    meta = {"jaxgrade": {"chapter": chapter}}
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": meta, "cells": cells}


SETUP = "import jax\nimport jax.numpy as jnp\nimport numpy as np"


def make_release(root: Path, setup: str = SETUP, points: dict[str, float] | None = None) -> ReleaseInfo:
    root.mkdir(parents=True, exist_ok=True)
    notebooks = {}
    for chapter in ("ch02", "ch05"):
        path = root / f"{chapter}.ipynb"
        path.write_text(json.dumps(release_notebook(chapter, setup)))
        notebooks[chapter] = path
    pts = {ex_id: 10.0 for ex_id in EXERCISE_IDS} | (points or {})
    return ReleaseInfo("test-1", root, pts, notebooks)


def answer(name: str, factor: float) -> str:
    return f"def {name}(x):\n    return x * {factor}"


def student(release: ReleaseInfo, answers: dict[str, list[str]], chapters: tuple[str, ...] = ("ch02",),
            extra_files: dict[str, bytes] | None = None) -> StudentSubmission:
    """The release notebooks with the answer cell of each exercise replaced by `answers[id]` cells."""
    notebooks = {}
    for chapter in chapters:
        nb = json.loads(release.notebooks[chapter].read_text())
        cells = []
        for c in nb["cells"]:
            meta = c["metadata"].get("jaxgrade", {})
            if meta.get("role") == "answer" and meta["exercise"] in answers:
                srcs = answers[meta["exercise"]]
                cells += [code(srcs[0], meta), *(code(s) for s in srcs[1:])]  # extra cells: student-added
            else:
                cells.append(c)
        nb["cells"] = cells
        notebooks[chapter] = ChapterNotebook(chapter, f"{chapter}.ipynb", nb)
    digest = str(abs(hash(json.dumps(answers, sort_keys=True)))).rjust(64, "0")
    return StudentSubmission("s1", digest, notebooks, extra_files or {})


def good(ex_id: str) -> list[str]:
    _, name, factor = DUMMIES[ex_id]
    return [answer(name, factor)]


# Its own sandbox uid (other graders on this host use the default pool), so "no process of the job's
# uid survives" is about this test's job only.
TEST_UID = 65100 + os.getpid() % 400


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    """The real child library with dummy probes for the dummy exercises."""
    base = prepare_child_library(tmp_path_factory.mktemp("libsrc"), None)
    lib = tmp_path_factory.mktemp("lib") / "lib"
    shutil.copytree(base, lib)
    for ex_id, (_, name, _) in DUMMIES.items():
        path = lib / "autograder" / "sandboxed" / "probes" / f"{ex_id}.py"
        path.chmod(0o644) if path.exists() else None
        path.write_text(DUMMY_PROBE.replace("{name}", name))
    for p in lib.rglob("*"):
        p.chmod(0o755 if p.is_dir() else 0o444)
    return lib


@pytest.fixture(scope="module")
def build_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("build-cache")


@pytest.fixture
def settings(tmp_path, library, build_cache) -> Callable[..., RunSettings]:
    def make(**kw: Any) -> RunSettings:
        base = {"exercises": ("histogram", "recompile"), "build_cache": build_cache,
                "scratch_root": tmp_path / "scratch", "child_library": library, "uids": (TEST_UID,)}
        return RunSettings(**(base | kw))

    return make


def assert_job_left_nothing(s: RunSettings) -> None:
    leftovers = [p.name for p in s.scratch_root.iterdir() if not p.name.startswith("lib-")] \
        if s.scratch_root.exists() else []
    assert leftovers == [], f"scratch folders left behind: {leftovers}"
    busy = {uid: pids for uid in s.uids if (pids := _uid_pids(uid))}
    assert busy == {}, f"processes of sandbox uids survive: {busy}"


# --- real sandbox --------------------------------------------------------------------------------


@REAL
def test_correct_answers_score_full_marks_and_leave_nothing_behind(tmp_path, settings):
    rel = make_release(tmp_path / "rel", points={"histogram": 20.0})
    cat = dummy_catalog()
    s = settings()
    sub = student(rel, {"histogram": good("histogram"), "recompile": good("recompile")})
    res = grade_submission(sub, rel, s, catalog=cat)
    assert res.status == "ok"
    assert {k: (v.score, v.max_score, v.status) for k, v in res.scores.items()} == {
        "histogram": (20.0, 20.0, "ok"), "recompile": (10.0, 10.0, "ok")}
    assert [p.name for p in res.phases] == ["ch02/cells", "ch02/build", "ch02/child#1", "ch02/verdict"]
    assert [p.outcome for p in res.phases if p.name == "ch02/child#1"] == ["ok"]
    assert res.flags == ()
    assert_job_left_nothing(s)


@REAL
def test_hanging_cell_times_out_only_its_exercise(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    cat = dummy_catalog({"histogram": 3.0})
    s = settings()
    sub = student(rel, {"histogram": ["import time\ntime.sleep(600)", *good("histogram")],
                        "recompile": good("recompile")})
    res = grade_submission(sub, rel, s, catalog=cat)
    assert res.scores["histogram"].status == "timeout"
    assert res.scores["histogram"].score == 0
    assert "3 秒" in res.scores["histogram"].summary_zh
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("ok", 10.0)
    outcomes = {p.name: p.outcome for p in res.phases}
    assert outcomes["ch02/child#1"] == "timeout" and outcomes["ch02/child#2"] == "ok"
    assert_job_left_nothing(s)


@REAL
def test_os_exit_in_a_cell_crashes_only_its_exercise(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    sub = student(rel, {"histogram": [*good("histogram"), "import os\nos._exit(0)"],
                        "recompile": good("recompile")})
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("crashed", 0.0)
    assert "意外退出" in res.scores["histogram"].summary_zh
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("ok", 10.0)
    assert_job_left_nothing(s)


FORGE = """
import json, os, numpy as np
scratch = "/sandbox/scratch"
spec = json.load(open(os.path.join(scratch, "inputs", "recompile.json")))
x = np.load(os.path.join(scratch, "inputs", spec["arrays"]["x"]))
doc = {"format": 1, "exercise": "recompile",
       "values": {"y": {"json": (x * 3.0).tolist()}, "__cells__": {"json": []}, "__tampered__": {"json": []}}}
open(os.path.join(scratch, "obs", "recompile.json"), "w").write(json.dumps(doc))
with open(os.path.join(scratch, "progress.jsonl"), "a") as f:
    for phase in ("cells", "probe", "done"):
        f.write(json.dumps({"exercise": "recompile", "phase": phase, "t": 1}) + "\\n")
os._exit(0)
"""


@REAL
def test_files_forged_by_a_cell_are_not_taken_as_observations(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    wrong = [answer("triple", 7.0)]  # the real answer to recompile is wrong: only a forgery could pass
    sub = student(rel, {"histogram": [*good("histogram"), FORGE], "recompile": wrong})
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    assert res.scores["histogram"].status == "crashed"
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("gate_failed", 0.0)
    assert [p.name for p in res.phases if "child" in p.name] == ["ch02/child#1", "ch02/child#2"]
    assert_job_left_nothing(s)


@REAL
def test_progress_file_swapped_for_a_fifo_neither_blinds_nor_blocks_the_grader(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    path = "/sandbox/scratch/progress.jsonl"
    swap = f"import os\nos.unlink({path!r})\nos.mkfifo({path!r})"
    sub = student(rel, {"histogram": [*good("histogram"), swap], "recompile": good("recompile")})
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    assert [(v.status, v.score) for v in res.scores.values()] == [("ok", 10.0), ("ok", 10.0)]
    assert_job_left_nothing(s)


@REAL
def test_truncated_progress_file_is_the_students_fault_not_a_grader_fault(tmp_path, settings):
    """The parent may never see "ready" in the file; the child's stdout marker says student code ran."""
    rel = make_release(tmp_path / "rel")
    s = settings(startup_timeout_s=10.0)
    wipe = "open('/sandbox/scratch/progress.jsonl', 'r+').truncate(0)\nimport time\ntime.sleep(600)"
    sub = student(rel, {"histogram": [wipe, *good("histogram")], "recompile": good("recompile")})
    res = grade_submission(sub, rel, s, catalog=dummy_catalog({"histogram": 3.0}))
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("timeout", 0.0)
    assert res.scores["recompile"].score == 10.0
    assert_job_left_nothing(s)


@REAL
def test_wiping_the_scratch_folder_keeps_earlier_observations(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    wipe = ("import os, shutil\nfor name in os.listdir('/sandbox/scratch'):\n"
            "    path = os.path.join('/sandbox/scratch', name)\n"
            "    shutil.rmtree(path, ignore_errors=True)\n"
            "    if os.path.lexists(path):\n        os.unlink(path)")
    sub = student(rel, {"histogram": good("histogram"), "recompile": [wipe, *good("recompile")]})
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    assert [(v.status, v.score) for v in res.scores.values()] == [("ok", 10.0), ("ok", 10.0)]
    assert_job_left_nothing(s)


@REAL
def test_processes_left_by_one_exercise_are_gone_before_the_next(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    spawn = ("import subprocess\nfor _ in range(40):\n"
             "    subprocess.Popen(['sleep', '600'], start_new_session=True)")
    count = ("import os\npids = [p for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid()]\n"
             "extra = {'others': sorted(open(f'/proc/{p}/comm').read().strip() for p in pids)}")
    cat = dummy_catalog()
    sub = student(rel, {"histogram": [*good("histogram"), spawn], "recompile": [count, *good("recompile")]})
    res = grade_submission(sub, rel, s, catalog=cat)
    assert [(v.status, v.score) for v in res.scores.values()] == [("ok", 10.0), ("ok", 10.0)]
    others = cat["recompile"].seen[-1].raw("extra")["others"]
    assert "sleep" not in others, others
    assert_job_left_nothing(s)


@REAL
def test_replacing_jax_jit_is_detected_as_tampering(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    sub = student(rel, {"histogram": [*good("histogram"), "import jax\njax.jit = lambda f, **kw: f"],
                        "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=dummy_catalog())
    for ex_id in ("histogram", "recompile"):  # both rely on jax.jit, which stays replaced
        assert (res.scores[ex_id].status, res.scores[ex_id].score) == ("tampered", 0.0)
        assert "jax.jit" in res.scores[ex_id].summary_zh
    assert "tampered" in res.flags


@REAL
def test_a_child_that_will_not_exit_is_killed_after_its_last_exercise(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    stubborn = ("import os, threading, time\nos._exit = lambda code: time.sleep(3600)\n"
                "threading.Thread(target=time.sleep, args=(3600,)).start()")
    sub = student(rel, {"histogram": good("histogram"), "recompile": [*good("recompile"), stubborn]})
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    assert [(v.status, v.score) for v in res.scores.values()] == [("ok", 10.0), ("ok", 10.0)]
    assert {p.name: p.outcome for p in res.phases}["ch02/child#1"] == "ok"
    assert_job_left_nothing(s)


@REAL
def test_patching_a_probe_global_is_tampering(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    patch = "import autograder.sandboxed.probes.recompile as p\np.np = None"
    sub = student(rel, {"histogram": [*good("histogram"), patch], "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=dummy_catalog())
    assert res.scores["histogram"].status == "ok"
    assert res.scores["recompile"].status == "tampered"


@REAL
def test_cell_errors_name_the_notebook_cell_and_later_cells_still_run(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    sub = student(rel, {"histogram": ["undefined_name + 1", *good("histogram")],
                        "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=dummy_catalog())
    ans_index = next(i for i, c in enumerate(sub.notebooks["ch02"].notebook["cells"])
                     if c["metadata"].get("jaxgrade", {}).get("role") == "answer")
    score = res.scores["histogram"]
    assert score.score == 10.0
    assert f"第 {ans_index + 1} 个单元格运行出错:NameError" in score.summary_zh


@REAL
def test_child_sees_neither_grader_files_nor_network(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings()
    secret = tmp_path / "secret.txt"
    secret.write_text("answer key")
    repo = Path(runner.__file__).resolve().parents[2]
    # covered folders may still exist inside (as empty ones): what matters is that nothing is in them
    probe_paths = [str(secret), str(rel.notebooks["ch02"]), str(rel.root), str(s.build_cache),
                   str(repo / "solutions"), str(repo / "autograder" / "exercises"), str(s.scratch_root)]
    leak = (f"import os, socket\npaths = {probe_paths!r}\n"
            "seen = [p for p in paths if os.path.isfile(p) or os.path.isdir(p) and os.listdir(p)]\n"
            "extra = {'seen': seen}\n"
            "try:\n    socket.create_connection(('1.1.1.1', 53), timeout=2)\n    extra['net'] = True\n"
            "except OSError:\n    extra['net'] = False\n"
            "try:\n    open('/sandbox/lib/x', 'w')\n    extra['lib_writable'] = True\n"
            "except OSError:\n    extra['lib_writable'] = False\n")
    cat = dummy_catalog()
    sub = student(rel, {"histogram": [leak, *good("histogram")], "recompile": good("recompile")})
    res = grade_submission(sub, rel, s, catalog=cat)
    assert res.scores["histogram"].score == 10.0
    extra = cat["histogram"].seen[-1].raw("extra")
    assert extra == {"seen": [], "net": False, "lib_writable": False}


@REAL
def test_failing_release_setup_is_a_grader_fault(tmp_path, settings):
    rel = make_release(tmp_path / "rel", setup="raise RuntimeError('broken release')")
    s = settings()
    with pytest.raises(GraderFault, match="broken release"):
        grade_submission(student(rel, {"histogram": good("histogram")}), rel, s, catalog=dummy_catalog())
    assert_job_left_nothing(s)


@REAL
def test_missing_chapter_scores_zero_with_its_status(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("histogram", "reduce_sum_rules"))
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, s, catalog=dummy_catalog())
    assert res.scores["histogram"].score == 10.0
    assert (res.scores["reduce_sum_rules"].status, res.scores["reduce_sum_rules"].score) == (
        "not_submitted:ch05", 0.0)
    assert res.status == "ok"
    assert any("第 5 章" in m for m in res.messages_zh)


KERNEL_OK = '%%writefile k.cc\nextern "C" int answer() { return 42; }\n'
KERNEL_LOAD = ("import ctypes, jaxcourse\nlib_path = jaxcourse.build_kernel('k.cc')\n"
               "extra = str(lib_path)\npenta = lambda x: x * 5.0")


@REAL
def test_kernel_is_built_once_prebuilt_for_the_child_and_probed_without_student_python(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("reduce_sum_rules", "silu_ffi"))
    cat = dummy_catalog()
    sub = student(rel, {"reduce_sum_rules": good("reduce_sum_rules"), "silu_ffi": [KERNEL_OK, KERNEL_LOAD]},
                  chapters=("ch05",))
    res = grade_submission(sub, rel, s, catalog=cat)
    assert res.scores["silu_ffi"].score == 10.0
    obs = cat["silu_ffi"].seen[-1]
    assert obs.raw("kernel.answer") == 42
    assert obs.raw("kernel.__run__") == "ok"
    # the child found the grader's build under JAXCOURSE_PREBUILT instead of compiling again
    assert obs.raw("extra").startswith("/sandbox/scratch/prebuilt/")
    assert {p.name: p.outcome for p in res.phases}["ch05/kernel"] == "ok"
    again = grade_submission(sub, rel, s, catalog=cat)
    assert {p.name: p.outcome for p in again.phases}["ch05/build"] == "cached"
    assert_job_left_nothing(s)


@REAL
def test_a_kernel_that_exits_when_loaded_is_the_students_fault_not_the_graders(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("silu_ffi",))
    cat = dummy_catalog()
    exiting = ('%%writefile k.cc\n#include <cstdlib>\n'
               '__attribute__((constructor)) static void bye() { std::exit(3); }\n'
               'extern "C" int answer() { return 42; }\n')
    sub = student(rel, {"silu_ffi": [exiting, KERNEL_LOAD]}, chapters=("ch05",))
    res = grade_submission(sub, rel, s, catalog=cat)
    obs = cat["silu_ffi"].seen[-1]
    assert obs.raw("kernel.__run__") == "crashed"
    assert not obs.has("kernel.answer")
    assert "单独加载你编译好的内核" in res.scores["silu_ffi"].summary_zh
    assert_job_left_nothing(s)


@REAL
def test_a_kernel_that_never_returns_times_out_in_the_kernel_child(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("silu_ffi",), startup_timeout_s=30.0)
    cat = dummy_catalog({"silu_ffi": 3.0})
    spinning = '%%writefile k.cc\nextern "C" int answer() { volatile int i = 0; for (;;) ++i; }\n'
    sub = student(rel, {"silu_ffi": [spinning, KERNEL_LOAD]}, chapters=("ch05",))
    res = grade_submission(sub, rel, s, catalog=cat)
    assert cat["silu_ffi"].seen[-1].raw("kernel.__run__") == "timeout"
    assert {p.name: p.outcome for p in res.phases}["ch05/kernel"] == "timeout"
    assert "运行超时" in res.scores["silu_ffi"].summary_zh
    assert_job_left_nothing(s)


@REAL
def test_kernel_compile_error_costs_only_the_kernel_exercise(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("reduce_sum_rules", "silu_ffi"))
    cat = dummy_catalog()
    broken = '%%writefile silu.cc\nextern "C" int answer() { return undefined_thing; }\n'
    sub = student(rel, {"reduce_sum_rules": good("reduce_sum_rules"), "silu_ffi": [broken]},
                  chapters=("ch05",))
    res = grade_submission(sub, rel, s, catalog=cat)
    assert res.scores["reduce_sum_rules"].score == 10.0
    summary = res.scores["silu_ffi"].summary_zh
    assert res.scores["silu_ffi"].score == 0.0
    assert "编译失败" in summary and "silu.cc:1:" in summary and "undefined_thing" in summary
    assert "/sandbox" not in summary
    assert cat["silu_ffi"].seen[-1].raw("kernel.__run__") == "not_built"


# --- fake sandbox: the parent's plumbing, fast ---------------------------------------------------


@dataclass(frozen=True)
class FakeProcess:
    result: SandboxResult

    def poll(self) -> SandboxResult:
        return self.result

    def wait(self, timeout: float | None = None) -> SandboxResult:
        return self.result

    def kill(self) -> SandboxResult:
        return self.result


def _result(exit_code: int | None = 0, sig: int | None = None, limit: str | None = None) -> SandboxResult:
    return SandboxResult(exit_code=exit_code, signal=sig, timed_out=False, limit=limit, wall_s=0.01,
                         stdout="", stderr="", output_truncated=False)


@dataclass
class ReplaySandbox:
    """A Sandbox that runs nothing: it writes the progress lines and observation files a child would
    have written, from `recorded` (exercise id -> observation values in the wire format)."""

    recorded: dict[str, dict[str, Any]]
    crash_in: dict[str, SandboxResult] = field(default_factory=dict)  # exercise -> how its child dies
    kernel: dict[str, dict[str, Any]] = field(default_factory=dict)
    mode: str = "fake"
    jobs: list[dict] = field(default_factory=list)

    def start(self, argv, *, scratch: Path, mounts=(), env=None, limits=None, cwd="",
              hidden=()) -> FakeProcess:
        progress = (scratch / "progress.jsonl").open("a")
        obs = scratch / "obs"
        obs.mkdir(exist_ok=True)

        def emit(ex, phase):
            progress.write(json.dumps({"exercise": ex, "phase": phase, "t": 0, "token": token}) + "\n")
            progress.flush()

        token = ""
        if "autograder.sandboxed.kernel_main" in argv:
            job = json.loads((scratch / "kernel_job.json").read_text())
            for e in job["exercises"]:
                doc = {"format": 1, "exercise": f"{e['id']}.kernel", "values": self.kernel.get(e["id"], {})}
                (obs / f"{e['id']}.kernel.json").write_text(json.dumps(doc))
            return FakeProcess(_result())
        if "compile" in " ".join(argv) or argv[0].endswith("clang++"):
            raise AssertionError("the fake sandbox does not compile")
        job = json.loads((scratch / "job.json").read_text())
        token = job["token"]
        self.jobs.append(job)
        emit(None, "setup")
        emit(None, "ready")
        for e in job["exercises"]:
            emit(e["id"], "cells")
            if e["id"] in self.crash_in:
                return FakeProcess(self.crash_in.pop(e["id"]))
            emit(e["id"], "probe")
            values = self.recorded.get(e["id"], {})
            if values == "garbage":
                (obs / f"{e['id']}.json").write_text("{not json")
            else:
                values = {"__token__": {"json": token}} | values
                doc = {"format": 1, "exercise": e["id"], "values": values}
                (obs / f"{e['id']}.json").write_text(json.dumps(doc))
            emit(e["id"], "done")
        return FakeProcess(_result())


def _good_values(ex_id: str, seed: int) -> dict[str, Any]:
    x = np.arange(4, dtype=np.float32) + seed % 5
    return {"y": {"json": (x * DUMMIES[ex_id][2]).tolist()}, "__cells__": {"json": []},
            "__tampered__": {"json": []}}


class ListArrayModule(DummyModule):
    """Reads "y" as a JSON list (the replayed observations carry no .npy files)."""

    def verdict(self, inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
        self.seen.append(obs)
        y = obs.raw("y")
        return [CheckOutcome("value", bool(np.allclose(y, inp.arrays["x"] * self.factor)), "")]


def fake_catalog() -> dict[str, DummyModule]:
    return {k: ListArrayModule(v.EXERCISE, v.factor) for k, v in dummy_catalog().items()}


@pytest.fixture
def fake_settings(tmp_path) -> RunSettings:
    lib = tmp_path / "lib"
    (lib / "kernels").mkdir(parents=True)  # no course kernels: nothing to compile
    return RunSettings(exercises=("histogram", "recompile"), build_cache=tmp_path / "cache",
                       scratch_root=tmp_path / "scratch", child_library=lib, seed_policy="fixed",
                       fixed_seed=3)


def test_replayed_observations_are_judged_and_scaled_to_release_points(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel", points={"histogram": 25.0})
    sb = ReplaySandbox({"histogram": _good_values("histogram", 3), "recompile": _good_values("recompile", 3)})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert {k: (v.score, v.max_score) for k, v in res.scores.items()} == {"histogram": (25.0, 25.0),
                                                                          "recompile": (10.0, 10.0)}
    assert res.scores["histogram"].tests[0].max_score == 25.0
    assert "没有找到本题的作答单元格" in res.scores["recompile"].summary_zh  # its answer cell is the template
    assert [j["exercises"][0]["cells"] for j in sb.jobs] == [[answer("double", 2.0)]]


def test_replayed_tampering_zeroes_the_exercise_and_flags_the_result(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    values = _good_values("histogram", 3) | {"__tampered__": {"json": ["jax.jit"]}}
    sb = ReplaySandbox({"histogram": values, "recompile": _good_values("recompile", 3)})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("tampered", 0.0)
    assert res.scores["recompile"].score == 10.0
    assert res.flags == ("tampered",)


def test_crash_restarts_a_fresh_child_for_the_remaining_exercises(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    sb = ReplaySandbox({"recompile": _good_values("recompile", 3)},
                       crash_in={"histogram": _result(exit_code=None, sig=11)})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert res.scores["histogram"].status == "crashed"
    assert "信号 11" in res.scores["histogram"].summary_zh
    assert res.scores["recompile"].score == 10.0
    assert [[e["id"] for e in j["exercises"]] for j in sb.jobs] == [["histogram", "recompile"], ["recompile"]]


def test_memory_limit_is_its_own_status(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    sb = ReplaySandbox({"histogram": _good_values("histogram", 3)},
                       crash_in={"recompile": _result(exit_code=1, limit="memory")})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert res.scores["histogram"].score == 10.0
    assert res.scores["recompile"].status == "memory"


def test_malformed_and_invalid_observations_score_zero_with_a_message(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    sb = ReplaySandbox({"histogram": "garbage", "recompile": {"__cells__": {"json": []}}})
    cat = {k: DummyModule(v.EXERCISE, v.factor) for k, v in fake_catalog().items()}
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=cat)
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("malformed_output", 0.0)
    assert res.scores["recompile"].score == 0.0
    assert "没有得到这一项的观测结果" in res.scores["recompile"].tests[0].output_zh


def test_observations_without_the_run_token_are_forged(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    forged = _good_values("histogram", 3) | {"__token__": {"json": "guessed"}}
    sb = ReplaySandbox({"histogram": forged, "recompile": _good_values("recompile", 3)})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("malformed_output", 0.0)
    assert res.scores["recompile"].score == 10.0


def test_cell_errors_from_the_child_become_numbered_notes(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    values = _good_values("histogram", 3) | {"__cells__": {"json": [
        {"cell": 1, "error": "ValueError: boom", "output": ""}, {"cell": "x"}, "junk"]}}
    sb = ReplaySandbox({"histogram": values, "recompile": _good_values("recompile", 3)})
    sub = student(rel, {"histogram": [*good("histogram"), "raise ValueError('boom')"]})
    res = grade_submission(sub, rel, fake_settings, sandbox=sb, catalog=fake_catalog())
    raising = next(i for i, c in enumerate(sub.notebooks["ch02"].notebook["cells"]) if "boom" in c["source"])
    assert f"第 {raising + 1} 个单元格运行出错:ValueError: boom" in res.scores["histogram"].summary_zh


def test_verdict_bug_is_a_grader_fault(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    cat = fake_catalog()

    def broken(inp, obs):
        raise KeyError("bug in the verdict")

    cat["histogram"].verdict = broken  # type: ignore[method-assign]
    sb = ReplaySandbox({"histogram": _good_values("histogram", 3), "recompile": _good_values("recompile", 3)})
    with pytest.raises(GraderFault, match="verdict of histogram"):
        grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                         catalog=cat)
    assert list(fake_settings.scratch_root.glob("job-*")) == []


def test_seed_depends_on_release_exercise_and_submission():
    base = exercise_seed("v1", "histogram", "a" * 64)
    assert base == exercise_seed("v1", "histogram", "a" * 64)
    assert len({base, exercise_seed("v2", "histogram", "a" * 64), exercise_seed("v1", "fusion", "a" * 64),
                exercise_seed("v1", "histogram", "b" * 64)}) == 4


def test_run_settings_from_grade_options(tmp_path):
    s = RunSettings.from_options(isolation="rlimit", exercises=("fusion",), timeout_scale=2.0,
                                 build_cache=str(tmp_path / "c"), scratch_root=tmp_path / "s", engine=None,
                                 image=None, unsafe_no_sandbox=False)
    assert (s.isolation, s.exercises, s.timeout_scale, s.build_cache) == ("rlimit", ("fusion",), 2.0,
                                                                           tmp_path / "c")
    assert s.scaled(10) == 20


def test_child_library_holds_only_the_sandboxed_side(tmp_path):
    lib = prepare_child_library(tmp_path, None)
    top = sorted(str(p.relative_to(lib)) for p in lib.iterdir())
    assert top == ["autograder", "jaxcourse", "kernels"]
    assert sorted(p.name for p in (lib / "autograder").iterdir()) == ["__init__.py", "sandboxed"]
    assert not any(os.access(p, os.W_OK) for p in lib.rglob("*.py")) or os.geteuid() == 0
    assert prepare_child_library(tmp_path, None) == lib  # content-addressed, reused


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))


def test_tamper_snapshot_notices_replacement_in_place_edits_and_poisoned_modules(monkeypatch):
    import json as json_module
    import types

    from autograder.sandboxed.tamper import Snapshot

    mod = types.ModuleType("jaxgrade_tamper_probe")

    def f(x):
        return x

    mod.f, mod.g = f, len
    monkeypatch.setitem(sys.modules, "jaxgrade_tamper_probe", mod)
    snap = Snapshot.take(["jaxgrade_tamper_probe.f", "jaxgrade_tamper_probe.g", "json.dumps", "no.such.name"])
    assert snap.changed() == []
    f.__code__ = (lambda x: x + 1).__code__  # same object, new body
    assert snap.changed() == ["jaxgrade_tamper_probe.f"]

    class Poison:
        def __getattr__(self, name):
            raise RuntimeError("poisoned")

    monkeypatch.setitem(sys.modules, "json", Poison())
    assert snap.changed() == ["jaxgrade_tamper_probe.f", "json.dumps"]
    monkeypatch.setitem(sys.modules, "json", json_module)
    mod.g = max
    assert snap.changed() == ["jaxgrade_tamper_probe.f", "jaxgrade_tamper_probe.g"]
