"""Hidden checks of the four chapter-5 exercises, graded against the answer corpus.

Each corpus variant (tests/corpus/answers/<id>/) is graded the way the grader does it, minus the
sandbox: a fresh plain subprocess executes the chapter setup and the answer in a namespace, runs the
child-side probe with a Recorder into a temp dir, and this (trusted) process reads the observations
with `read_observations` and calls `verdict` + `score_outcomes`. Real JAX, real clang++.

A variant is `<name>.py` (the answer cell) or a folder `<name>/` holding `answer.py` plus the files
its `%%writefile` cells would write (e.g. `silu.cc`). `expected.json` maps each variant to
{"expect": "full" | "zero" | "partial", "failed": [the exact set of failing sub-checks]}; for "zero"
`status` is the expected ExerciseScore.status (default gate_failed); "cells_fail": true when an answer
cell is expected to raise (otherwise a raising answer cell fails the test: the corpus must run).
"""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from unittest.mock import patch

import numpy as np
import pytest

import jaxcourse
from autograder.exercises import load
from autograder.exercises.base import CheckOutcome, ExerciseScore, score_outcomes
from autograder.observations import Observations, read_observations

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus" / "answers"
PYTHON = ROOT / ".venv" / "bin" / "python"
SEED = 20250605

MASTER_CH05 = ROOT / "solutions" / "ch05_interop.ipynb"

# The chapter setup (section 5.7's primitive, section 5.10's FFI targets) as used until the master
# notebook exists; once it does, its setup cells are what the grader runs, so the corpus uses those.
FALLBACK_SETUP_CH05 = '''
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import scipy.special
from jax.core import ShapedArray
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir, xla
from jax.test_util import check_grads

import jaxcourse
from jaxcourse import rms_norm_np64

custom_reduce_sum_p = Primitive("custom_reduce_sum")


def custom_reduce_sum(x, axis):
    axis = tuple(sorted(a % x.ndim for a in (axis if isinstance(axis, tuple) else (axis,))))
    return custom_reduce_sum_p.bind(x, axis=axis)


@custom_reduce_sum_p.def_abstract_eval
def _custom_reduce_sum_abstract_eval(aval, *, axis):
    if not isinstance(aval, ShapedArray):
        raise TypeError("输入必须是 ShapedArray")
    return ShapedArray(tuple(d for i, d in enumerate(aval.shape) if i not in axis), aval.dtype)


custom_reduce_sum_p.def_impl(lambda x, *, axis: jnp.sum(x, axis=axis))
mlir.register_lowering(custom_reduce_sum_p,
                       mlir.lower_fun(lambda x, *, axis: jnp.sum(x, axis=axis), multiple_results=False))

jaxcourse.register_rms_norm_targets()
'''

# Runs in the fresh subprocess: job.json lists runs. A notebook run executes setup + answer cells in a
# fresh namespace, then the probe; a kernel run only calls kernel_probe on a built library (no setup,
# no student Python), writing `<id>.kernel.json` like autograder/sandboxed/kernel_main.py.
CHILD = r'''
import importlib, json, os, sys
from pathlib import Path
from autograder.sandboxed.inputs import load_inputs
from autograder.sandboxed.observe import Recorder

job = json.loads(Path(sys.argv[1]).read_text())
for run in job["runs"]:
    obs = Path(run["obs_dir"])
    obs.mkdir(parents=True, exist_ok=True)
    inp = load_inputs(Path(run["inputs_dir"]), run["exercise"])
    module = importlib.import_module("autograder.sandboxed.probes." + run["exercise"])
    if run["kind"] == "kernel":
        rec = Recorder(obs, run["exercise"] + ".kernel")
        try:
            module.kernel_probe(run["so_path"], inp, rec)
        except Exception as exc:
            rec.put_error("__probe__", exc)
        rec.flush()
        continue
    work = Path(run["workdir"])
    work.mkdir(parents=True, exist_ok=True)
    os.chdir(work)
    for name, text in run["files"].items():  # what the answer's %%writefile cells write
        (work / name).write_text(text)
    ns = {"__name__": "__main__"}
    for i, src in enumerate(job["setup"]):
        exec(compile(src, f"<setup cell {i}>", "exec"), ns)
    cell_errors = []
    for i, src in enumerate(run["cells"]):
        try:
            exec(compile(src, f"<answer cell {i}>", "exec"), ns)
        except Exception as exc:
            cell_errors.append({"cell": i, "error": f"{type(exc).__name__}: {exc}"[:500], "output": ""})
    rec = Recorder(obs, run["exercise"])
    module.probe(ns, inp, rec)
    rec.values["__cells__"] = {"json": cell_errors}
    rec.flush()
'''


def setup_cells() -> list[str]:
    if MASTER_CH05.is_file():
        nb = json.loads(MASTER_CH05.read_text(encoding="utf-8"))
        cells = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                 for c in nb["cells"] if c.get("metadata", {}).get("jaxgrade", {}).get("role") == "setup"]
        if cells:
            return cells
    return [FALLBACK_SETUP_CH05]


@dataclass(frozen=True)
class Variant:
    exercise: str
    name: str
    cells: tuple[str, ...]
    files: dict[str, str]
    expected: dict


def corpus(exercise: str) -> list[Variant]:
    folder = CORPUS / exercise
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    variants = []
    for name, exp in sorted(expected.items()):
        if (folder / f"{name}.py").is_file():
            cells, files = ((folder / f"{name}.py").read_text(encoding="utf-8"),), {}
        else:
            sub = folder / name
            cells = (sub / "answer.py").read_text(encoding="utf-8"),
            files = {p.name: p.read_text(encoding="utf-8")
                     for p in sorted(sub.iterdir()) if p.name != "answer.py"}
        variants.append(Variant(exercise, name, cells, files, exp))
    return variants


def write_inputs(inputs_dir: Path, exercise: str, seed: int) -> object:
    """Draw the exercise's inputs in this (parent) process and write them in the wire format."""
    inp = load(exercise).inputs(seed)
    inputs_dir.mkdir(parents=True, exist_ok=True)
    names = {}
    for i, (key, arr) in enumerate(inp.arrays.items()):
        names[key] = f"a{i}.npy"
        np.save(inputs_dir / names[key], arr, allow_pickle=False)
    doc = {"seed": seed, "params": inp.params, "arrays": names}
    (inputs_dir / f"{exercise}.json").write_text(json.dumps(doc))
    return inp


def child_env(build_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["JAXCOURSE_BUILD_DIR"] = str(build_dir)
    env["JAX_PLATFORMS"] = "cpu"
    return env


def run_children(jobs: list[list[dict]], tmp: Path, build_dir: Path) -> None:
    """Run each job (a list of runs) in its own fresh subprocess, two at a time."""

    def one(n: int) -> None:
        job = tmp / f"job{n}.json"
        job.write_text(json.dumps({"setup": setup_cells(), "runs": jobs[n]}))
        proc = subprocess.run([str(PYTHON), "-c", CHILD, str(job)], env=child_env(build_dir), cwd=tmp,
                              capture_output=True, text=True, timeout=900, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"child for {job.name} failed:\n{(proc.stdout + proc.stderr)[-4000:]}")

    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(one, range(len(jobs))))


@dataclass(frozen=True)
class Graded:
    score: ExerciseScore
    outcomes: tuple[CheckOutcome, ...]


def build_student_kernel(v: Variant, build_dir: Path) -> Path | None:
    """Compile the variant's C++ file (if any) with the course flags into the shared build dir."""
    sources = [name for name in v.files if name.endswith(".cc")]
    if not sources:
        return None
    src_dir = build_dir / "sources" / v.name
    src_dir.mkdir(parents=True, exist_ok=True)
    src = src_dir / sources[0]
    src.write_text(v.files[sources[0]], encoding="utf-8")
    with patch.dict(os.environ, {"JAXCOURSE_BUILD_DIR": str(build_dir)}):
        try:
            return jaxcourse.build_kernel(src)
        except jaxcourse.KernelBuildError:
            return None


def grade_variants(variants: list[Variant], tmp: Path, build_dir: Path, *, one_process_each: bool = False,
                   seed: int = SEED) -> dict[str, Graded]:
    """Grade variants of one exercise; returns variant name -> score and raw outcomes.

    Notebook runs share one process unless `one_process_each` (needed when answers register global
    FFI target names); kernel runs of all variants share one more process (fresh target names).
    """
    exercise = variants[0].exercise
    module = load(exercise)
    inputs_dir = tmp / "inputs"
    inp = write_inputs(inputs_dir, exercise, seed)
    runs, kernel_runs, kernel_status = [], [], {}
    if module.EXERCISE.kernel_probe:
        with ThreadPoolExecutor(max_workers=2) as pool:
            built = dict(zip([v.name for v in variants],
                             pool.map(lambda v: build_student_kernel(v, build_dir), variants), strict=True))
    for v in variants:
        obs_dir = str(tmp / v.name / "obs")
        runs.append({"exercise": exercise, "kind": "notebook", "cells": list(v.cells), "files": v.files,
                     "workdir": str(tmp / v.name / "work"), "obs_dir": obs_dir,
                     "inputs_dir": str(inputs_dir)})
        if module.EXERCISE.kernel_probe:
            so = built[v.name]
            kernel_status[v.name] = "ok" if so else "not_built"
            if so:
                kernel_runs.append({"exercise": exercise, "kind": "kernel", "so_path": str(so),
                                    "obs_dir": obs_dir, "inputs_dir": str(inputs_dir)})
    jobs = [[r] for r in runs] if one_process_each else [runs]
    run_children(jobs + ([kernel_runs] if kernel_runs else []), tmp, build_dir)
    graded = {}
    for v in variants:
        obs = read_observations(tmp / v.name / "obs", exercise)
        assert obs is not None, f"{v.name}: the child wrote no observations"
        assert obs.raw("__cells__") == [] or v.expected.get("cells_fail"), f"{v.name}: {obs.raw('__cells__')}"
        if module.EXERCISE.kernel_probe:  # merged the way the runner does it
            kobs = read_observations(tmp / v.name / "obs", f"{exercise}.kernel")
            kvalues = {f"kernel.{k}": val for k, val in (kobs.values if kobs else {}).items()}
            obs = Observations(exercise, {**obs.values, **kvalues, "kernel.__run__": kernel_status[v.name]})
        outcomes = module.verdict(inp, obs)
        graded[v.name] = Graded(score_outcomes(module.EXERCISE, outcomes), tuple(outcomes))
    return graded


def describe(g: Graded) -> str:
    return "\n".join(f"  {t.name} [{t.score}/{t.max_score}] {t.output_zh}" for t in g.score.tests)


def assert_expected(v: Variant, g: Graded) -> None:
    exp = v.expected
    failed = sorted(o.name for o in g.outcomes if not o.passed)
    max_score = g.score.max_score
    if exp["expect"] == "full":
        assert g.score.score == max_score and not failed, f"{v.name} should pass fully:\n{describe(g)}"
    elif exp["expect"] == "zero":
        assert g.score.score == 0, f"{v.name} should score 0:\n{describe(g)}"
        assert g.score.status == exp.get("status", "gate_failed"), describe(g)
    else:
        assert 0 < g.score.score < max_score, f"{v.name} should be partial:\n{describe(g)}"
    if "failed" in exp:
        assert failed == sorted(exp["failed"]), \
            f"{v.name}: failed {failed}, expected {exp['failed']}\n{describe(g)}"


# ------------------------------------------------------------------------------------------------ tests

EXERCISES = ("reduce_sum_rules", "gammaln_callback", "silu_ffi", "ffi_lowering")


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kernel-build")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory, build_dir: Path) -> dict[str, dict[str, Graded]]:
    results = {}
    for exercise in EXERCISES:
        tmp = tmp_path_factory.mktemp(exercise)
        results[exercise] = grade_variants(corpus(exercise), tmp, build_dir,
                                           one_process_each=exercise == "silu_ffi")
    return results


@pytest.mark.slow
@pytest.mark.parametrize("exercise", EXERCISES)
def test_corpus_verdicts(exercise: str, graded: dict[str, dict[str, Graded]]) -> None:
    variants = corpus(exercise)
    assert len(variants) >= 6
    assert sum(v.expected["expect"] == "full" for v in variants) >= 2
    for v in variants:
        assert_expected(v, graded[exercise][v.name])


@pytest.mark.slow
@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_subcheck_fails_somewhere_with_a_chinese_message(exercise: str,
                                                               graded: dict[str, dict[str, Graded]]) -> None:
    module = load(exercise)
    messages: dict[str, str] = {}
    for g in graded[exercise].values():
        for o in g.outcomes:
            if not o.passed:
                messages.setdefault(o.name, o.detail_zh)
    for sub in module.EXERCISE.subchecks:
        assert sub.name in messages, f"no corpus variant fails {exercise}: {sub.name}"
        msg = messages[sub.name]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in msg), f"{sub.name}: not a Chinese message: {msg!r}"
        assert "Traceback" not in msg and "assert" not in msg
        print(f"{exercise}: {sub.name}: {msg}")
