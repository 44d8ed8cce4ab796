"""The grading runner: real bwrap sandbox, real JAX and IPython in the child, real clang++; and the
parent's verdict plumbing against a fake sandbox that replays recorded observations.

The real-sandbox tests use small dummy exercises (real exercise ids, dummy probes in a copy of the
child library, dummy verdicts in the catalog) so each one runs in a few seconds: a hanging cell, an
`os._exit`, a replaced `jax.jit`, a kernel, files the child must not see.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autograder.exercises import EXERCISE_IDS
from autograder.exercises.base import CheckOutcome, Exercise, ProbeInputs, SubCheck
from autograder.grade.batch import GradingScope, complete_result
from autograder.grade.child_library import CHILD_PACKAGE, prepare_child_library
from autograder.grade.observation_stream import ObservationStream
from autograder.grade.run import RunSettings, exercise_seed, grade_submission, notebook_child
from autograder.messages import Status
from autograder.model import ChapterNotebook, GraderFault, ReleaseInfo, StudentSubmission
from autograder.observations import ObservationInvalid, Observations
from autograder.sandbox import Sandbox, SandboxResult, ScratchQuota
from autograder.sandbox.rlimit import uid_pids
from autograder.sandboxed import wire

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
'''

DUMMY_KERNEL_PROBE = '''
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

    def inputs(self, seed: int, *, structure_seed: int) -> ProbeInputs:
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
    for ex_id, (chapter, _name, factor) in DUMMIES.items():
        checks = (SubCheck("value", 10, "结果正确", gate=True),)
        ex = Exercise(ex_id, chapter, f"测试题 {ex_id}", checks,
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
        path = lib / CHILD_PACKAGE / "probes" / f"{ex_id}.py"
        path.chmod(0o644) if path.exists() else None
        path.write_text(DUMMY_PROBE.replace("{name}", name))
        kernel = path.with_name(f"{ex_id}_kernel.py")  # what kernel_main imports
        kernel.chmod(0o644) if kernel.exists() else None
        kernel.write_text(DUMMY_KERNEL_PROBE)
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
    busy = {uid: pids for uid in s.uids if (pids := uid_pids(uid))}
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


# --- three gradings that wait out one of the runner's clocks, side by side ------------------------
# A hanging cell's idle backstop, the start-up backstop after a wiped progress file and the grace of a
# child that will not exit: about 16, 20 and 14 s, nearly all asleep. One module fixture starts the
# three at once, each job under a sandbox uid of its own (the runner flocks one per job; these never
# meet TEST_UID's or the hog's), so their waits overlap instead of adding up; each test judges its own
# grading exactly as when it graded it itself.
WAITING_UIDS = {"hanging": TEST_UID + 800, "wiped": TEST_UID + 1200, "stubborn": TEST_UID + 1600}
WIPE_PROGRESS = "open('/sandbox/scratch/progress.jsonl', 'r+').truncate(0)\nimport time\ntime.sleep(600)"


def _hanging_cell(rel: ReleaseInfo, s: RunSettings) -> Any:
    sub = student(rel, {"histogram": ["import time\ntime.sleep(600)", *good("histogram")],
                        "recompile": good("recompile")})
    return grade_submission(sub, rel, s, catalog=dummy_catalog({"histogram": 3.0}))


def _wiped_progress(rel: ReleaseInfo, s: RunSettings) -> Any:
    sub = student(rel, {"histogram": [WIPE_PROGRESS, *good("histogram")], "recompile": good("recompile")})
    return grade_submission(sub, rel, s, catalog=dummy_catalog({"histogram": 3.0}))


def _stubborn_child(rel: ReleaseInfo, s: RunSettings) -> Any:
    stubborn = "import os, time\nos._exit = lambda code: time.sleep(3600)"
    sub = student(rel, {"histogram": good("histogram"), "recompile": [*good("recompile"), stubborn]})
    return grade_submission(sub, rel, s, catalog=dummy_catalog())


@pytest.fixture(scope="module")
def waiting_gradings(
    tmp_path_factory, library, build_cache
) -> Iterator[dict[str, tuple[RunSettings, Future]]]:
    root = tmp_path_factory.mktemp("waiting")
    runs = {"hanging": (_hanging_cell, {}),
            # its idle backstop (2 x 5 s + 10 s) is what this grading waits out
            "wiped": (_wiped_progress, {"startup_timeout_s": 5.0}),
            "stubborn": (_stubborn_child, {})}
    with ThreadPoolExecutor(len(runs)) as pool:
        started = {}
        for name, (grade_it, extra) in runs.items():
            s = RunSettings(exercises=("histogram", "recompile"), build_cache=build_cache,
                            scratch_root=root / name / "scratch", child_library=library,
                            uids=(WAITING_UIDS[name],), **extra)
            started[name] = (s, pool.submit(grade_it, make_release(root / name / "rel"), s))
        yield started


@REAL
def test_hanging_cell_times_out_only_its_exercise(waiting_gradings):
    s, grading = waiting_gradings["hanging"]
    res = grading.result(timeout=900)
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
def test_truncated_progress_file_is_the_students_fault_not_a_grader_fault(waiting_gradings):
    """The parent may never see "ready" in the file; the child's stdout marker says student code ran."""
    s, grading = waiting_gradings["wiped"]
    res = grading.result(timeout=900)
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
def test_a_child_that_will_not_exit_is_killed_after_its_last_exercise(waiting_gradings):
    s, grading = waiting_gradings["stubborn"]
    res = grading.result(timeout=900)
    assert [(v.status, v.score) for v in res.scores.values()] == [("ok", 10.0), ("ok", 10.0)]
    assert {p.name: p.outcome for p in res.phases}["ch02/child#1"] == "ok"
    assert_job_left_nothing(s)


@REAL
def test_patching_a_probe_global_is_tampering(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    patch = f"import {CHILD_PACKAGE}.probes.recompile as p\np.np = None"
    sub = student(rel, {"histogram": [*good("histogram"), patch], "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=dummy_catalog())
    assert res.scores["histogram"].status == "ok"
    assert res.scores["recompile"].status == "tampered"


# --- the writer and the audit tripwire against notebooks that shares its process ------------------
# Each attack targets histogram (the answer `double` is wrong: x * 7) and tries to make its record of
# "y" read x * 2; recompile answers correctly after it. The attack code is bounded (loops, threads)
# and touches nothing outside the child.

WRAP_LIBRARY = """
import builtins, os, pathlib
import numpy as np
seen = {"calls": 0}
_write_text, _open, _write = pathlib.Path.write_text, builtins.open, os.write

def _forge(data):
    seen["calls"] += 1
    return data.replace(b"7.0", b"2.0") if isinstance(data, bytes) else data

pathlib.Path.write_text = lambda self, data, *a, **k: _write_text(self, _forge(data), *a, **k)
builtins.open = lambda *a, **k: (seen.__setitem__("calls", seen["calls"] + 1), _open(*a, **k))[1]
os.write = lambda fd, data: _write(fd, _forge(bytes(data)))

def double(x):
    return x * 7.0
"""
REPORT_CALLS = "extra = dict(seen)\ntriple = lambda x: x * 3.0"


@REAL
def test_library_functions_the_old_writer_used_no_longer_reach_the_records(tmp_path, settings):
    """pathlib.Path.write_text, builtins.open and os.write wrapped to forge: the writer never calls
    them (it bound what it needs before student code ran), so the wrong answer stays wrong."""
    rel = make_release(tmp_path / "rel")
    cat = dummy_catalog()
    sub = student(rel, {"histogram": [WRAP_LIBRARY], "recompile": [REPORT_CALLS]})
    res = grade_submission(sub, rel, settings(), catalog=cat)
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("gate_failed", 0.0)
    x = cat["histogram"].seen[-1].array("y") / 7.0
    assert cat["recompile"].seen[-1].raw("extra") == {"calls": 0}  # the wrappers were installed, never used
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("ok", 10.0)
    assert x.shape == (4,)


PROFILE_FORGE = """
import sys
import numpy as np

def double(x):
    return x * 7.0

def _forge(frame, event, arg):
    # edit the recorder's argument on its way in, then step aside before anything is checked
    # the recorder's put(key, value), found by its arguments (the child renames its own functions)
    if event == "call" and frame.f_locals.get("key") == "y" and "value" in frame.f_locals:
        frame.f_locals["value"] = np.asarray(frame.f_locals["value"]) / 7.0 * 2.0
        sys.setprofile(None)
"""
VANISHING_FORGE = """
import sys
import numpy as np

def _forge(frame, event, arg):
    # the recorder's put(key, value), found by its arguments (the child renames its own functions)
    if event == "call" and frame.f_locals.get("key") == "y" and "value" in frame.f_locals:
        frame.f_locals["value"] = np.asarray(frame.f_locals["value"]) / 7.0 * 2.0
        sys.setprofile(None)

def double(x):
    sys.setprofile(_forge)  # installed from inside the probe's call, gone before the next check
    return x * 7.0
"""


@REAL
@pytest.mark.parametrize("attack", ["installed in the cell", "installed during the probe"])
def test_a_profile_hook_that_edits_a_record_is_tampering(tmp_path, settings, attack):
    rel = make_release(tmp_path / "rel")
    cat = dummy_catalog()
    cells = [PROFILE_FORGE, "sys.setprofile(_forge)"] if attack == "installed in the cell" \
        else [VANISHING_FORGE]
    sub = student(rel, {"histogram": cells, "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(seed_policy="fixed", fixed_seed=3), catalog=cat)
    x = cat["histogram"].inputs(3, structure_seed=0).arrays["x"]
    assert np.allclose(cat["histogram"].seen[-1].array("y"), x * 2.0)  # the forgery reached the record ...
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("tampered", 0.0)  # ... flagged
    assert "sys.setprofile" in res.scores["histogram"].summary_zh
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("ok", 10.0)
    assert "tampered" in res.flags


THREAD_FORGE = """
import sys, threading, time
import numpy as np

def double(x):
    return x * 7.0

def _forger():
    end = time.monotonic() + 20.0
    while time.monotonic() < end:
        for frame in list(sys._current_frames().values()):
            while frame is not None:
                rec = frame.f_locals.get("rec")
                if getattr(rec, "exercise", None) == "histogram" and "y" in rec.values:
                    x = np.asarray(rec._arrays[rec.values["y"]["npy"]]) / 7.0
                    rec.put("y", x * 2.0)
                    return
                frame = frame.f_back
        time.sleep(0.001)

threading.Thread(target=_forger, daemon=True).start()
"""


@REAL
def test_a_thread_that_writes_records_is_tampering(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    sub = student(rel, {"histogram": [THREAD_FORGE], "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=dummy_catalog())
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("tampered", 0.0)
    assert "threading" in res.scores["histogram"].summary_zh


FRAME_FORGE = """
import sys
import numpy as np

def double(x):
    frame = sys._getframe(1)
    while frame is not None:  # the probe's frame holds the recorder
        rec = frame.f_locals.get("rec")
        if getattr(rec, "exercise", None) == "histogram":
            rec.put("stolen", "forged")
            break
        frame = frame.f_back
    return x * 2.0
"""
INJECT_FORGE = """
import json, os, struct, sys

def double(x):
    frame = sys._getframe(1)
    while frame is not None and getattr(frame.f_locals.get("rec"), "exercise", None) != "histogram":
        frame = frame.f_back
    sink = frame.f_locals["rec"]._sink
    head = json.dumps({"op": "put", "seq": sink._seq, "ex": "histogram", "key": "stolen",
                       "kind": "json"}).encode()
    payload = b'"injected"'
    os.write(sink._fd, struct.pack(">4sII", b"JGO1", len(head), len(payload)) + head + payload)
    sink._seq += 1  # the next frames stay in sequence
    return x * 2.0
"""


@REAL
@pytest.mark.parametrize(("attack", "label"), [
    ("recorder called from student code", "observation written from untrusted code"),
    ("frame written straight into the socket", "observation stream: frames the grader did not write"),
])
def test_records_written_from_student_code_are_tampering(tmp_path, settings, attack, label):
    rel = make_release(tmp_path / "rel")
    cat = dummy_catalog()
    code = FRAME_FORGE if attack == "recorder called from student code" else INJECT_FORGE
    sub = student(rel, {"histogram": [code], "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=cat)
    assert cat["histogram"].seen[-1].raw("stolen") in ("forged", "injected")  # it got through ...
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("tampered", 0.0)  # ... flagged
    assert label in res.scores["histogram"].summary_zh
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("ok", 10.0)


REFUSED = f"import {CHILD_PACKAGE}.observe as observe\n" + """
import gc, sys
extra = {}
heard = []
sys.addaudithook(lambda event, args: heard.append(event))  # refused silently (Python's rule)
sys.audit("jaxgrade.test")
extra["addaudithook"] = "added" if heard else "not added"
try:
    observe.Recorder.put.__code__ = (lambda self, key, value: None).__code__
    extra["code"] = "allowed"
except RuntimeError:
    extra["code"] = "refused"

def double(x):
    try:
        gc.get_objects()
        extra["gc"] = "allowed"
    except RuntimeError:
        extra["gc"] = "refused"
    return x * 2.0
"""


@REAL
def test_heap_walks_audit_hooks_and_code_swaps_are_refused_and_tampering(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    cat = dummy_catalog()
    sub = student(rel, {"histogram": [REFUSED], "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=cat)
    assert cat["histogram"].seen[-1].raw("extra") == {"addaudithook": "not added", "code": "refused",
                                                      "gc": "refused"}
    summary = res.scores["histogram"].summary_zh
    assert res.scores["histogram"].status == "tampered"
    assert all(label in summary for label in ("sys.addaudithook", "gc.get_objects", "Recorder.put"))
    assert (res.scores["recompile"].status, res.scores["recompile"].score) == ("ok", 10.0)


@REAL
def test_changing_a_global_of_the_writer_is_tampering(tmp_path, settings):
    rel = make_release(tmp_path / "rel")
    patch = f"import {CHILD_PACKAGE}.observe as observe\nobserve.MAX_ARRAY_BYTES = 1"
    sub = student(rel, {"histogram": [*good("histogram"), patch], "recompile": good("recompile")})
    res = grade_submission(sub, rel, settings(), catalog=dummy_catalog())
    assert res.scores["histogram"].status == "tampered"
    assert "autograder.sandboxed.observe.MAX_ARRAY_BYTES" in res.scores["histogram"].summary_zh


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
    repo = Path(__file__).resolve().parents[1]
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
def test_a_missing_chapter_is_left_to_the_batch(tmp_path, settings):
    """The runner grades the chapters submitted; batch.complete_result scores the missing one (0,
    status not_submitted, its message), so the runner makes none of that."""
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("histogram", "reduce_sum_rules"))
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, s, catalog=dummy_catalog())
    assert res.scores["histogram"].score == 10.0
    assert "reduce_sum_rules" not in res.scores
    assert res.status == "ok"
    assert not any("第 5 章" in m for m in res.messages_zh)


@REAL
def test_chapters_at_once_grade_like_one_after_the_other_each_under_its_own_uid(tmp_path, settings):
    """RunSettings.chapters_at_once: both chapters' children run at the same time, each in a job of
    its own (its own sandbox uid, so RLIMIT_NPROC and the reaping stay per chapter), and the result is
    the sequential one: scores, notes, flags and phases in chapter order."""
    rel = make_release(tmp_path / "rel")
    uid_cell = "import os\nextra = {'uid': os.getuid()}"
    sub = student(rel, {"histogram": [*good("histogram"), uid_cell], "reduce_sum_rules": [
        "def quad(x):\n    return x * 4.0", uid_cell]}, chapters=("ch02", "ch05"))
    uids = (TEST_UID, TEST_UID + 400)  # TEST_UID is 65100 + pid % 400: the two never meet
    exercises = ("histogram", "reduce_sum_rules")
    results, seen_uids = {}, {}
    for concurrent in (False, True):
        s = settings(exercises=exercises, uids=uids, chapters_at_once=concurrent)
        cat = dummy_catalog()
        results[concurrent] = grade_submission(sub, rel, s, catalog=cat)
        seen_uids[concurrent] = {ex: cat[ex].seen[-1].raw("extra")["uid"] for ex in exercises}
        assert_job_left_nothing(s)
    one_by_one, at_once = results[False], results[True]
    assert {k: (v.score, v.status) for k, v in at_once.scores.items()} == \
        {k: (v.score, v.status) for k, v in one_by_one.scores.items()} == \
        {"histogram": (10.0, "ok"), "reduce_sum_rules": (10.0, "ok")}
    assert [p.name for p in at_once.phases] == [p.name for p in one_by_one.phases]
    assert (at_once.messages_zh, at_once.flags, at_once.status) == \
        (one_by_one.messages_zh, one_by_one.flags, one_by_one.status)
    assert len(set(seen_uids[False].values())) == 1
    assert set(seen_uids[True].values()) == set(uids)
    child = {p.name.split("/")[0]: p for p in at_once.phases if p.name.endswith("/child#1")}
    assert child["ch05"].started_at < child["ch02"].started_at + child["ch02"].duration_s
    assert child["ch02"].started_at < child["ch05"].started_at + child["ch05"].duration_s


def test_the_runner_refuses_a_submission_intake_refused(tmp_path, settings):
    """Intake failures are scored by batch.intake_failure_result and never reach the runner."""
    rel = make_release(tmp_path / "rel")
    sub = dataclasses.replace(student(rel, {}), notebooks={}, status="malformed:not_json")
    with pytest.raises(ValueError, match="intake refused"):
        grade_submission(sub, rel, settings(), catalog=dummy_catalog())


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
def test_a_kernel_probe_that_cannot_prepare_is_the_graders_fault(tmp_path, settings, library):
    """The kernel probe's own set-up (the real one starts an XLA client) runs before "ready" and
    before the student's library is loaded: when it fails, grading stops with a grader fault (the
    batch retries it), and the student is never given a zero for it."""
    broken = tmp_path / "lib-broken"
    shutil.copytree(library, broken)
    kernel = broken / CHILD_PACKAGE / "probes" / "silu_ffi_kernel.py"
    kernel.chmod(0o644)
    failing = "\n\ndef prepare():\n    raise RuntimeError('no XLA client here')\n"
    kernel.write_text(DUMMY_KERNEL_PROBE + failing)
    kernel.chmod(0o444)
    s = settings(exercises=("silu_ffi",), child_library=broken)
    rel = make_release(tmp_path / "rel")
    sub = student(rel, {"silu_ffi": [KERNEL_OK, KERNEL_LOAD]}, chapters=("ch05",))
    with pytest.raises(GraderFault, match="kernel child did not get ready.*no XLA client here"):
        grade_submission(sub, rel, s, catalog=dummy_catalog())
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



def test_a_failing_source_the_kernel_child_does_not_load_leaves_the_status_alone(tmp_path, settings):
    """The submission's status is `build_failed` only when the kernel its grading loads failed to build:
    an older `.cc` next to it that does not compile is built (and fails) too, but costs nothing."""
    rel = make_release(tmp_path / "rel")
    s = settings(exercises=("reduce_sum_rules", "silu_ffi"))
    scope = GradingScope(exercises=s.exercises)
    builds = '%%writefile silu.cc\nextern "C" int answer() { return 42; }\n'
    old_try = {"old_try.cc": b'extern "C" int answer() { return undefined_thing; }\n'}
    sub = student(rel, {"reduce_sum_rules": good("reduce_sum_rules"), "silu_ffi": [builds]},
                  chapters=("ch02", "ch05"), extra_files=old_try)
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    build_phase = next(p for p in res.phases if p.name == "ch05/build")
    assert "compile_error" in build_phase.outcome.split(",")  # old_try.cc was built and failed
    assert res.kernel_builds["ch05"] in ("built", "cached")
    assert complete_result(sub, rel, res, scope).status != Status.BUILD_FAILED

    broken = '%%writefile silu.cc\nextern "C" int answer() { return undefined_thing; }\n'
    sub = student(rel, {"reduce_sum_rules": good("reduce_sum_rules"), "silu_ffi": [broken]},
                  chapters=("ch02", "ch05"))
    res = grade_submission(sub, rel, s, catalog=dummy_catalog())
    assert res.kernel_builds == {"ch05": "compile_error"}
    assert complete_result(sub, rel, res, scope).status == Status.BUILD_FAILED

HOG = """# a hog: two CPU-bound processes, each bounded by two minutes of wall clock
import os, time
def _spin():
    t = time.monotonic()
    while time.monotonic() - t < 120:
        pass
for _ in range(1):
    if os.fork() == 0:
        _spin()
        os._exit(0)
_spin()
"""
HONEST_WORK = "import time\n_t = time.process_time()\nwhile time.process_time() - _t < 3:\n    pass\n"


@REAL
def test_a_cpu_hog_next_to_an_honest_student_costs_the_honest_one_nothing(tmp_path, settings):
    """Graded at the same time on the same cores: the hog's exercise ends when it has used its own
    CPU budget; the honest exercise (3 s of CPU, limit 5 s) is judged on the CPU it got, not on the
    wall clock the hog stole. The hog's exercise times out once it has used its budget (or, on a
    machine too busy to give it that much, is a grader fault: it is retried, never a grade)."""
    rel = make_release(tmp_path / "rel")
    s = settings(uids=(TEST_UID, TEST_UID + 400))
    hog_catalog, honest_catalog = dummy_catalog({"histogram": 8.0}), dummy_catalog({"histogram": 5.0})
    subs = {"hog": (student(rel, {"histogram": [HOG, *good("histogram")], "recompile": good("recompile")}),
                    hog_catalog),
            "honest": (student(rel, {"histogram": [HONEST_WORK, *good("histogram")],
                                     "recompile": good("recompile")}), honest_catalog)}
    results: dict[str, Any] = {}

    def grade(name: str) -> None:
        sub, cat = subs[name]
        try:
            results[name] = grade_submission(sub, rel, s, catalog=cat)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            results[name] = exc

    threads = [threading.Thread(target=grade, args=(name,)) for name in subs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(900)
    honest, hog = results["honest"], results["hog"]
    assert not isinstance(honest, Exception), honest
    assert {k: (v.status, v.score) for k, v in honest.scores.items()} == {
        "histogram": ("ok", 10.0), "recompile": ("ok", 10.0)}
    if isinstance(hog, Exception):
        assert isinstance(hog, GraderFault) and "starved of CPU" in str(hog), hog
    else:
        assert (hog.scores["histogram"].status, hog.scores["histogram"].score) == ("timeout", 0.0)
        assert hog.scores["recompile"].score == 10.0
    assert_job_left_nothing(s)


@REAL
def test_job_folders_are_private_and_unguessable_before_anything_is_written(tmp_path, settings, monkeypatch):
    """rlimit mode in a container: other jobs' uids share the file system and no quota tmpfs (mode
    0700) can be mounted, so the folders themselves must be private from the start: the scratch
    folders, the parent's copy of the observations, and the scratch root's listing."""
    rel = make_release(tmp_path / "rel")
    s = settings()
    modes: dict[str, int] = {}
    real_stream = notebook_child.ObservationStream

    class RecordingStream(real_stream):  # type: ignore[misc, valid-type]
        def __init__(self, scratch: Path, exercises, token, dest: Path) -> None:
            modes["scratch"] = scratch.stat().st_mode & 0o777
            modes["job.json folder"] = (scratch / "job.json").parent.stat().st_mode & 0o777
            modes["obs copy"] = dest.stat().st_mode & 0o777 if dest.exists() else -1
            modes["scratch name"] = len(scratch.name.rsplit("-", 1)[-1])
            super().__init__(scratch, exercises, token, dest)

    monkeypatch.setattr(notebook_child, "ObservationStream", RecordingStream)
    # what a container answers: no quota tmpfs (whose mode would be 0700), a plain folder
    monkeypatch.setattr(Sandbox, "scratch",
                        lambda self, path, limits=None: nullcontext(ScratchQuota(Path(path), None, "test")))
    res = grade_submission(student(rel, {"histogram": good("histogram"), "recompile": good("recompile")}),
                           rel, s, catalog=dummy_catalog())
    assert res.scores["histogram"].score == 10.0
    assert modes == {"scratch": 0o700, "job.json folder": 0o700, "obs copy": 0o700, "scratch name": 16}
    assert s.scratch_root.stat().st_mode & 0o777 == 0o711  # job folders are not listable
    assert_job_left_nothing(s)


# --- fake sandbox: the parent's plumbing, fast ---------------------------------------------------


@dataclass
class FakeProcess:
    """A finished program, or one still replaying in `thread` (like a child, it writes while the
    parent reads; the thread may set `result` before it ends)."""

    result: SandboxResult
    thread: threading.Thread | None = None

    def poll(self) -> SandboxResult | None:
        return self.wait(0)

    def wait(self, timeout: float | None = None) -> SandboxResult | None:
        if self.thread is not None:
            self.thread.join(timeout)
            if self.thread.is_alive():
                return None
        return self.result

    def kill(self) -> SandboxResult:
        if self.thread is not None:
            self.thread.join(30)
        return self.result

    def usage(self) -> None:
        return None  # not measured: the parent judges its time limits on the wall clock


def _result(exit_code: int | None = 0, sig: int | None = None, limit: str | None = None) -> SandboxResult:
    return SandboxResult(exit_code=exit_code, signal=sig, timed_out=False, limit=limit, wall_s=0.01,
                         stdout="", stderr="", output_truncated=False)


def frame(header: dict[str, Any], payload: bytes = b"") -> bytes:
    """One observation-stream frame, built here independently of autograder/sandboxed/observe.py."""
    head = json.dumps(header).encode()
    return struct.pack(">4sII", b"JGO1", len(head), len(payload)) + head + payload


class StreamClient:
    """The child's end of an observation stream, for the fake sandbox and the parser tests."""

    def __init__(self, scratch: Path, token: str):
        fd = os.open(scratch, os.O_RDONLY | os.O_DIRECTORY)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.sock.connect(f"/proc/self/fd/{fd}/obs.sock")
        finally:
            os.close(fd)
        self.seq = 0
        self.send({"op": "hello", "token": token})

    def send(self, header: dict[str, Any], payload: bytes = b"") -> bytes:
        data = frame({**header, "seq": header.get("seq", self.seq)}, payload)
        self.seq += 1
        self.sock.sendall(data)
        return data

    def exercise(self, ex: str, values: dict[str, Any], tampered: list[str] | None = None,
                 counted: int = 0) -> None:
        """Put frames for `values` (wire entries), then the end frame with their count and digest;
        `counted` frames sent before by the caller are part of the digest's count only if added here."""
        digest, frames = hashlib.sha256(), counted
        for key, entry in values.items():
            ((kind, value),) = entry.items()
            digest.update(self.send({"op": "put", "ex": ex, "key": key, "kind": kind},
                                    json.dumps(value).encode()))
            frames += 1
        self.send({"op": "end", "ex": ex, "frames": frames, "sha256": digest.hexdigest(),
                   "tampered": tampered or []})

    def close(self) -> None:
        self.sock.close()


@dataclass
class ReplaySandbox:
    """A Sandbox that runs nothing: it writes the progress lines and sends the observation frames a
    child would have sent, from `recorded` (exercise id -> observation values in the wire format;
    "__tampered__" goes into the end frame, "__token__" replaces the run's token in the hello)."""

    recorded: dict[str, dict[str, Any]]
    crash_in: dict[str, SandboxResult] = field(default_factory=dict)  # exercise -> how its child dies
    kernel: dict[str, dict[str, Any]] = field(default_factory=dict)
    mode: str = "fake"
    jobs: list[dict] = field(default_factory=list)
    uid: int = field(default_factory=os.geteuid)  # what the runner hands to a child stays the test's
    gid: int = field(default_factory=os.getegid)
    toolchain: None = None  # this host's compiler (the fake never compiles)

    def scratch(self, path: Path, limits=None) -> nullcontext[ScratchQuota]:
        return nullcontext(ScratchQuota(Path(path), None, "the fake sandbox does not limit scratch"))

    def start(self, argv, *, scratch: Path, mounts=(), env=None, limits=None, cwd="",
              hidden=()) -> FakeProcess:
        progress = (scratch / "progress.jsonl").open("a")
        obs = scratch / "obs"
        obs.mkdir(exist_ok=True)

        def emit(ex, phase):
            progress.write(json.dumps({"exercise": ex, "phase": phase, "t": 0, "token": token}) + "\n")
            progress.flush()

        token = ""
        if f"{CHILD_PACKAGE}.kernel_main" in argv:
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
        forged = [v["__token__"]["json"] for v in self.recorded.values() if "__token__" in v]
        client = StreamClient(scratch, forged[0] if forged else token)
        proc = FakeProcess(_result())

        def replay() -> None:
            try:
                emit(None, "setup")
                emit(None, "ready")
                for e in job["exercises"]:
                    emit(e["id"], "cells")
                    if e["id"] in self.crash_in:
                        proc.result = self.crash_in.pop(e["id"])
                        return
                    emit(e["id"], "probe")
                    values = dict(self.recorded.get(e["id"], {}))
                    values.pop("__token__", None)
                    tampered = values.pop("__tampered__", {"json": []})["json"]
                    client.exercise(e["id"], values, tampered)
                    emit(e["id"], "done")
            finally:
                client.close()

        proc.thread = threading.Thread(target=replay, daemon=True)
        proc.thread.start()
        return proc


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
    oversized = {"y": {"json": "x" * (1 << 20)}, "__cells__": {"json": []}}  # over the 1 MB JSON cap
    sb = ReplaySandbox({"histogram": oversized, "recompile": {"__cells__": {"json": []}}})
    cat = {k: DummyModule(v.EXERCISE, v.factor) for k, v in fake_catalog().items()}
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=cat)
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("malformed_output", 0.0)
    assert res.scores["recompile"].score == 0.0
    assert "没有得到这一项的观测结果" in res.scores["recompile"].tests[0].output_zh


def test_observations_without_the_run_token_are_forged(tmp_path, fake_settings):
    """A stream whose hello frame lacks the run's token is not the child's: none of it counts."""
    rel = make_release(tmp_path / "rel")
    forged = _good_values("histogram", 3) | {"__token__": {"json": "guessed"}}
    sb = ReplaySandbox({"histogram": forged, "recompile": _good_values("recompile", 3)})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    for ex_id in ("histogram", "recompile"):
        assert (res.scores[ex_id].status, res.scores[ex_id].score) == ("malformed_output", 0.0)


@dataclass
class ForgingSandbox(ReplaySandbox):
    """Its first child behaves like a notebook that, right after "ready", empties progress.jsonl and
    writes `forged` lines (with the run's token, which student code can find in the child's frames);
    its stdout holds the ready marker the real child writes before any student code. Later children
    replay `recorded`."""

    forged: tuple[str, ...] = ()
    forgeries: int = 0

    def start(self, argv, **kw: Any) -> FakeProcess:
        if self.forgeries:
            return super().start(argv, **kw)
        self.forgeries += 1
        scratch: Path = kw["scratch"]
        token = json.loads((scratch / "job.json").read_text())["token"]
        client = StreamClient(scratch, token)
        with (scratch / "progress.jsonl").open("w") as f:
            for phase in self.forged:
                line = {"exercise": None, "phase": phase, "error": "forged", "token": token}
                f.write(json.dumps(line) + "\n")
        client.close()
        return FakeProcess(dataclasses.replace(_result(), stdout=f"{wire.ready_line(token)}\n"))


def test_a_setup_error_forged_after_student_code_ran_is_the_students_fault(tmp_path, fake_settings):
    """The ready marker on the child's stdout proves the release setup finished: a setup_error line
    in the progress file after that is student code's, so no GraderFault (a dodged zero)."""
    rel = make_release(tmp_path / "rel")
    sb = ForgingSandbox({"recompile": _good_values("recompile", 3)}, forged=("setup_error",))
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("crashed", 0.0)
    assert res.scores["recompile"].score == 10.0


def test_a_failing_release_setup_without_the_ready_marker_stays_a_grader_fault(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")

    class SetupFails(ForgingSandbox):
        def start(self, argv, **kw: Any) -> FakeProcess:
            proc = super().start(argv, **kw)
            return FakeProcess(dataclasses.replace(proc.result, stdout="", exit_code=3))

    sb = SetupFails({}, forged=("setup", "setup_error"))
    with pytest.raises(GraderFault, match="release setup failed"):
        grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                         catalog=fake_catalog())


@dataclass
class FloodingSandbox(ReplaySandbox):
    """Its first child floods the stream with frames for an exercise that does not exist while
    `flood_in` runs; later children replay `recorded`."""

    flood_in: str = "histogram"
    floods: int = 0

    def start(self, argv, **kw: Any) -> FakeProcess:
        if self.floods:
            return super().start(argv, **kw)
        self.floods += 1
        scratch: Path = kw["scratch"]
        job = json.loads((scratch / "job.json").read_text())
        token = job["token"]
        client = StreamClient(scratch, token)
        client.sock.settimeout(5.0)  # the parent stops reading: the flood ends instead of blocking
        progress = (scratch / "progress.jsonl").open("a")
        proc = FakeProcess(_result())

        def emit(ex, phase):
            progress.write(json.dumps({"exercise": ex, "phase": phase, "t": 0, "token": token}) + "\n")
            progress.flush()

        def flood() -> None:
            emit(None, "ready")
            emit(self.flood_in, "cells")
            block = frame({"op": "put", "ex": "nope", "key": "k", "kind": "json", "seq": 1}, b"0") * 20_000
            try:
                for _ in range(200):
                    client.sock.sendall(block)
            except OSError:
                pass
            finally:
                client.close()
                progress.close()

        proc.thread = threading.Thread(target=flood, daemon=True)
        proc.thread.start()
        return proc


def test_a_flood_of_frames_ends_its_exercise_with_a_student_status(tmp_path, fake_settings):
    rel = make_release(tmp_path / "rel")
    sb = FloodingSandbox({"recompile": _good_values("recompile", 3)})
    res = grade_submission(student(rel, {"histogram": good("histogram")}), rel, fake_settings, sandbox=sb,
                           catalog=fake_catalog())
    assert (res.scores["histogram"].status, res.scores["histogram"].score) == ("malformed_output", 0.0)
    assert "超过大小上限" in res.scores["histogram"].summary_zh
    assert res.scores["recompile"].score == 10.0  # a fresh child


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
    assert top == [CHILD_PACKAGE, "jaxcourse", "kernels"]  # the grader's child side under a neutral name
    names = sorted(p.name for p in (lib / CHILD_PACKAGE).iterdir())
    assert "probes" in names and "child_main.py" in names and "sandboxed" not in names
    # Mode bits, not os.access: root (CI) may write anything, the sandbox uid may not.
    writable = [p for p in lib.rglob("*") if p.stat().st_mode & 0o222 and not p.is_dir()]
    assert not writable, writable[:5]
    assert prepare_child_library(tmp_path, None) == lib  # content-addressed, reused


def test_child_library_carries_bytecode_the_child_uses(tmp_path):
    """Children run with -B on a read-only copy: each source has bytecode beside it, and a child
    started like the real ones imports from it instead of compiling the source."""
    lib = prepare_child_library(tmp_path, None)
    sources = sorted(lib.rglob("*.py"))
    assert sources
    for src in sources:
        assert list((src.parent / "__pycache__").glob(f"{src.stem}.*.pyc")), src
    argv = [sys.executable, "-P", "-s", "-B", "-v", "-c", f"import {CHILD_PACKAGE}.wire"]
    run = subprocess.run(argv, env={"PYTHONPATH": str(lib)}, capture_output=True, text=True, check=True)
    verbose = run.stderr
    wire = lib / CHILD_PACKAGE / "wire.py"
    (cached,) = (wire.parent / "__pycache__").glob("wire.*.pyc")
    assert f"code object from '{cached}'" in verbose, verbose[-2000:]  # loaded, not compiled
    edited = tmp_path / "edited"
    shutil.copytree(lib, edited)
    source = edited / CHILD_PACKAGE / "wire.py"
    source.chmod(0o644)
    source.write_text(source.read_text() + "EDITED = True\n")
    argv = [sys.executable, "-P", "-s", "-B", "-c", f"import {CHILD_PACKAGE}.wire as w; print(w.EDITED)"]
    run = subprocess.run(argv, env={"PYTHONPATH": str(edited)}, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "True"  # an edited copy never runs the old bytecode


# --- the observation stream (parent side), against frames sent by hand --------------------------


@pytest.fixture
def stream(tmp_path) -> Any:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    obs = ObservationStream(scratch, ("histogram", "recompile"), "tok", tmp_path / "collected")
    client = StreamClient(scratch, "tok")
    yield obs, client
    client.close()
    obs.close()


def _digest(*frames: bytes) -> str:
    h = hashlib.sha256()
    for f in frames:
        h.update(f)
    return h.hexdigest()


def test_stream_round_trip_keeps_the_last_record_of_a_key_and_the_tripwire_labels(stream):
    obs, client = stream
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    frames = [client.send({"op": "put", "ex": "histogram", "key": "y", "kind": "json"}, b"[1, 2]"),
              client.send({"op": "put", "ex": "histogram", "key": "y", "kind": "npy", "dtype": arr.dtype.str,
                           "shape": [2, 3]}, arr.tobytes()),
              client.send({"op": "put", "ex": "histogram", "key": "e", "kind": "error"},
                          b'{"type": "ValueError", "message": "boom"}')]
    client.send({"op": "end", "ex": "histogram", "frames": 3, "sha256": _digest(*frames),
                 "tampered": ["sys.setprofile"]})
    obs.drain()
    got = obs.take("histogram")
    assert np.array_equal(got.array("y", shape=(2, 3)), arr)
    assert got.error("e") is not None and got.error("e").message == "boom"
    assert got.raw("__tampered__") == ["sys.setprofile"]
    assert not got.has("__token__")


@pytest.mark.parametrize(("tamper", "problem"), [
    ("injected", "observation stream: frames the grader did not write"),
    ("after end", "observation stream: frame after the end frame"),
    ("no end", "observation stream: no end frame"),
    ("bad array", "observation stream: malformed frame"),
    ("out of sequence", "observation stream: frame out of sequence"),
])
def test_stream_problems_make_the_exercise_tampered_and_spare_the_next(stream, tamper, problem):
    obs, client = stream
    good = [client.send({"op": "put", "ex": "histogram", "key": "y", "kind": "json"}, b"[1]")]
    if tamper == "injected":  # a frame the child's writer did not announce: not in the end frame's digest
        client.send({"op": "put", "ex": "histogram", "key": "y", "kind": "json"}, b"[2]")
    if tamper == "bad array":
        good.append(client.send({"op": "put", "ex": "histogram", "key": "z", "kind": "npy", "dtype": "|O",
                                 "shape": [1]}, b"12345678"))
    if tamper == "out of sequence":
        good.append(client.send({"op": "put", "ex": "histogram", "key": "z", "kind": "json",
                                 "seq": client.seq + 5}, b"3"))
        client.seq += 5
    if tamper != "no end":
        client.send({"op": "end", "ex": "histogram", "frames": len(good), "sha256": _digest(*good),
                     "tampered": []})
    if tamper == "after end":
        client.send({"op": "put", "ex": "histogram", "key": "y", "kind": "json"}, b"[3]")
    client.exercise("recompile", {"y": {"json": [4]}})
    obs.drain()
    first, second = obs.take("histogram"), obs.take("recompile")
    assert problem in first.raw("__tampered__")
    assert second.raw("__tampered__") == [] and second.raw("y") == [4]


def test_stream_without_the_runs_token_or_with_garbage_counts_for_nothing(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with ObservationStream(scratch, ("histogram",), "tok", tmp_path / "c1") as obs:
        client = StreamClient(scratch, "guessed")
        client.exercise("histogram", {"y": {"json": [1]}})
        obs.drain()
        assert obs.take("histogram").error("__wire__").type == "ForgedOutput"
        client.close()
    with ObservationStream(scratch, ("histogram",), "tok", tmp_path / "c2") as obs:
        client = StreamClient(scratch, "tok")
        client.sock.sendall(b"JGO1\xff\xff\xff\xff garbage")
        obs.drain()
        assert "observation stream: malformed frame" in obs.take("histogram").raw("__tampered__")
        client.close()


def test_the_writer_does_not_use_library_functions_replaced_after_import(monkeypatch):
    """What a notebook may replace (pathlib.Path.write_text, json.dumps, builtins.open, numpy.save,
    numpy.asarray, os.write, os.fstat) changes no byte the stream writer sends."""
    import builtins
    import pathlib

    from autograder.sandboxed.observe import Recorder, StreamSink

    def record() -> bytes:
        a, b = socket.socketpair()
        try:
            rec = Recorder(Path("/nonexistent"), "histogram", sink=StreamSink(a.fileno(), "tok"))
            rec.put("names", ["lgamma", "mul"])
            rec.observe("value", lambda: np.arange(3, dtype=np.float32))
            rec.observe("error", lambda: 1 / 0)
            rec.values["copy"] = rec.values["value"]
            b.settimeout(5)
            return b.recv(1 << 20)
        finally:
            a.close()
            b.close()

    clean = record()
    called = []

    def spy(name: str) -> Callable[..., Any]:
        def fake(*args: Any, **kwargs: Any) -> Any:
            called.append(name)
            raise AssertionError(f"{name} was called")
        return fake

    try:
        for target, name in ((pathlib.Path, "write_text"), (json, "dumps"), (builtins, "open"), (np, "save"),
                             (np, "asarray"), (np, "ascontiguousarray"), (os, "write"), (os, "fstat")):
            monkeypatch.setattr(target, name, spy(f"{target.__name__}.{name}"))
        patched = record()
    finally:
        monkeypatch.undo()
    assert called == [] and patched == clean
    assert b'"key":"names"' in clean and b'["lgamma","mul"]' in clean


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


CTYPES_SCRIPT = r'''
import ctypes
import sys
import types

from autograder.sandboxed import tamper


def main(refuse):
    probe = types.ModuleType("probe_stub")
    tamper.install_tripwire(tamper.TripwireSpec(
        modules=(tamper,), probes=(probe,), classes=(), namespaces=(), root=main.__code__,
        sender=main.__code__, exercises=("ex",), refuse_ctypes=refuse))
    libc = ctypes.CDLL(None)  # before arm: setup may load what it likes
    tamper.arm()
    tamper.phase("ex", "cells")
    results = []
    for what, call in (("getpid", lambda: libc.getpid()), ("dlopen", lambda: ctypes.CDLL(None)),
                       ("from_address", lambda: ctypes.c_ssize_t.from_address(id(results)).value),
                       ("string_at", lambda: ctypes.string_at(id(results), 8)),
                       ("memmove", lambda: ctypes.memmove(ctypes.create_string_buffer(8), b"x" * 8, 8))):
        try:
            call()
            results.append(what)
        except RuntimeError:
            results.append(what + ":refused")
    tamper.phase("ex", "probe")
    tamper.phase("ex", "closing")
    print(" ".join(results), "|", ",".join(tamper.report("ex").labels))


main(sys.argv[1] == "refuse")
'''


@pytest.mark.parametrize("refuse", [True, False])
def test_ctypes_is_refused_and_reported_only_where_the_chapter_has_no_native_code(tmp_path, refuse):
    """Chapter 2 (refuse_ctypes): loading, calling, and reading memory through ctypes are refused and
    reported; chapter 5 loads student kernels with ctypes and is left alone. A subprocess, because an
    audit hook cannot be removed."""
    import subprocess

    script = tmp_path / "ctypes_tripwire.py"
    script.write_text(CTYPES_SCRIPT)
    repo = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, str(script), "refuse" if refuse else "allow"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(repo)})
    assert done.returncode == 0, done.stderr
    calls, _, labels = (part.strip() for part in done.stdout.partition("|"))
    names = ("getpid", "dlopen", "from_address", "string_at", "memmove")
    if refuse:
        assert calls.split() == [f"{n}:refused" for n in names]
        assert labels.split(",") == ["ctypes"]
    else:
        assert calls.split() == list(names)
        assert labels == ""


HOLDER_SCRIPT = r'''
import sys
import types

from autograder.sandboxed import tamper


class Base:
    def method(self):
        return "original"


class Holder(Base):
    pass


def main(refuse):
    holder_mod = types.ModuleType("holder_mod")
    holder_mod.f = len
    sys.modules["holder_mod"] = holder_mod
    probe = types.ModuleType("probe_stub")
    holders = tamper.holders_of(["holder_mod.f", "__main__.Holder.method"])
    tamper.install_tripwire(tamper.TripwireSpec(
        modules=(tamper,), probes=(probe,), classes=(), namespaces=(), root=main.__code__,
        sender=main.__code__, exercises=("ex",), refuse_ctypes=refuse, holders=holders))
    tamper.arm()
    tamper.phase("ex", "cells")
    holder_mod.f = max  # before the probe: the snapshot's business, not the watcher's
    holder_mod.f = len
    tamper.phase("ex", "probe")
    what = sys.argv[2]
    if what == "module":  # one-shot: written into the namespace and put back, no setattr
        ns = vars(holder_mod)
        ns["f"] = max
        ns["f"] = len
    elif what == "class":  # on a base class of the holder
        original = Base.method
        Base.method = lambda self: "wrapped"
        Base.method = original
    elif what == "shadow":  # a new key on the subclass shadows the base's
        Holder.method = lambda self: "wrapped"
        del Holder.method
    elif what == "import":  # a new key on a module is what an import adds
        holder_mod.submodule = types.ModuleType("holder_mod.submodule")
    tamper.phase("ex", "closing")
    print(",".join(tamper.report("ex").labels))


main(sys.argv[1] == "refuse")
'''


@pytest.mark.parametrize(("what", "label"), [
    ("module", "holder_mod changed while the probe ran"),
    ("class", "__main__.Base changed while the probe ran"),
    ("shadow", "__main__.Holder changed while the probe ran"),
    ("import", ""),
    ("nothing", ""),
])
@pytest.mark.parametrize("refuse", [False, True])
def test_any_change_of_a_relied_on_holder_during_the_probe_is_reported(tmp_path: Path, what: str, label: str,
                                                                       refuse: bool) -> None:
    """One-shot wrappers put the original back before the after-probe snapshot; the watcher on the
    holders' namespaces saw the change anyway (in chapter 2 too, where ctypes is refused once armed)."""
    script = tmp_path / "holders.py"
    script.write_text(HOLDER_SCRIPT, encoding="utf-8")
    repo = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(repo)}
    done = subprocess.run([sys.executable, str(script), "refuse" if refuse else "allow", what],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == label
