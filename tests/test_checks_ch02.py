"""Hidden checks of the four chapter 2 exercises, graded against a corpus of answer variants.

Each `tests/corpus/answers/<exercise>/<variant>.py` is the source of an answer cell; the folder's
`expected.json` maps variant -> expected verdict:
  {"verdict": "full" | "zero" | "partial", "passed": [sub-check names], "failed": [sub-check names]}
("passed"/"failed" are required for "partial" and optional otherwise).

Plain harness: one fresh Python subprocess per exercise runs every variant in its own namespace
(chapter 2 setup imports, then the answer source, then the child probe writing observations with
a `Recorder`); this test process then reads the observations with the validating reader and judges
them with the exercise's `verdict` and `score_outcomes`, exactly like the trusted parent does.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from autograder.exercises import CHAPTERS, load
from autograder.exercises.base import ExerciseScore, ProbeInputs, score_outcomes
from autograder.observations import read_observations

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "corpus" / "answers"
EXERCISES = CHAPTERS["ch02"]
SEEDS = {"histogram": 20261, "recompile": 7, "fusion": 4242, "safe_distance": 99}

# What the released chapter 2 setup cell makes available to answer cells.
SETUP = """
import os, re, sys, time, json, math, functools
from collections import Counter
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
import jax.extend as je
from jaxcourse import CompileCounter, compiled_hlo, count_fusions, pairwise_distance_v1
"""

CHILD = r"""
import importlib, json, sys, traceback
from pathlib import Path
import numpy as np
from autograder.sandboxed.observe import Recorder

job = json.loads(Path(sys.argv[1]).read_text())
exercise = job["exercise"]
probe = importlib.import_module(f"autograder.sandboxed.probes.{exercise}").probe
inp = dict(job["params"])
inp.update({name: np.load(path, allow_pickle=False) for name, path in job["arrays"].items()})
for variant, source in job["variants"].items():
    out = Path(job["out"]) / variant
    out.mkdir(parents=True)
    rec = Recorder(out, exercise)
    ns = {"__name__": "__main__"}
    exec(job["setup"], ns)
    try:
        exec(compile(source, f"<answer {variant}>", "exec"), ns)
    except Exception as exc:
        rec.put_error("__cells__", exc)
    try:
        probe(ns, inp, rec)
    except Exception:
        print(f"probe crashed on {variant}:\n{traceback.format_exc()}", file=sys.stderr)
        raise
    rec.flush()
"""


def write_inputs(inp: ProbeInputs, folder: Path) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, arr in inp.arrays.items():
        path = folder / f"{name}.npy"
        np.save(path, arr, allow_pickle=False)
        files[name] = str(path)
    return files


def variants(exercise: str) -> dict[str, str]:
    folder = CORPUS / exercise
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))}


def expected(exercise: str) -> dict[str, dict]:
    return json.loads((CORPUS / exercise / "expected.json").read_text(encoding="utf-8"))


def grade_plain(exercise: str, seed: int, tmp: Path) -> dict[str, ExerciseScore]:
    """Run every corpus variant of `exercise` through its probe in one fresh subprocess; judge here."""
    mod = load(exercise)
    inp = mod.inputs(seed)
    job = {"exercise": exercise, "params": inp.params, "arrays": write_inputs(inp, tmp / "inputs"),
           "variants": variants(exercise), "out": str(tmp / "obs"), "setup": SETUP}
    (tmp / "job.json").write_text(json.dumps(job))
    (tmp / "child.py").write_text(CHILD)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JAX_", "XLA_"))}
    env.update(JAX_PLATFORMS="cpu", PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, str(tmp / "child.py"), str(tmp / "job.json")], cwd=tmp, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-4000:]
    scores = {}
    for variant in job["variants"]:
        obs = read_observations(tmp / "obs" / variant, exercise)
        assert obs is not None, f"{variant}: no observations written"
        scores[variant] = score_outcomes(mod.EXERCISE, mod.verdict(inp, obs))
    return scores


@pytest.fixture(scope="module", params=EXERCISES)
def graded(request, tmp_path_factory) -> tuple[str, dict[str, ExerciseScore]]:
    exercise = request.param
    return exercise, grade_plain(exercise, SEEDS[exercise], tmp_path_factory.mktemp(exercise))


def describe(score: ExerciseScore) -> str:
    lines = [f"{score.exercise}: {score.score}/{score.max_score} status={score.status} {score.summary_zh}"]
    lines += [f"  [{'x' if t.passed else ' '}] {t.name} {t.score}/{t.max_score}: {t.output_zh}"
              for t in score.tests]
    return "\n".join(lines)


@pytest.mark.slow
def test_corpus_verdicts(graded):
    exercise, scores = graded
    want = expected(exercise)
    assert set(want) == set(scores), "expected.json and the corpus files disagree"
    for variant, score in scores.items():
        exp = want[variant]
        passed = {t.name.split(": ", 1)[1] for t in score.tests if t.passed}
        failed = {t.name.split(": ", 1)[1] for t in score.tests if not t.passed}
        context = f"{variant}\n{describe(score)}"
        if exp["verdict"] == "full":
            assert score.score == score.max_score and score.status == "ok", context
        elif exp["verdict"] == "zero":
            assert score.score == 0, context
        else:
            assert 0 < score.score < score.max_score, context
        assert set(exp.get("passed", ())) <= passed, context
        assert set(exp.get("failed", ())) <= failed, context


@pytest.mark.slow
def test_corpus_shows_every_failure_message(graded):
    """Every sub-check fails in at least one variant, with a Chinese explanation of what was observed."""
    exercise, scores = graded
    ex = load(exercise).EXERCISE
    for sub in ex.subchecks:
        name = f"{exercise}: {sub.name}"
        failing = [t for s in scores.values() for t in s.tests if t.name == name and not t.passed]
        assert failing, f"no corpus variant fails {exercise}: {sub.name}"
        assert any(re.search(r"[\u4e00-\u9fff]", t.output_zh.split("未通过", 1)[1]) for t in failing), failing
        print(f"{exercise}: {sub.name} -> {failing[0].output_zh}")


@pytest.mark.slow
def test_corpus_has_enough_variants():
    for exercise in EXERCISES:
        want = expected(exercise)
        kinds = [v["verdict"] for v in want.values()]
        assert len(want) >= 6 and kinds.count("full") >= 2 and len(kinds) - kinds.count("full") >= 4, exercise


@pytest.mark.parametrize("exercise", EXERCISES)
def test_inputs_are_deterministic_and_fresh(exercise):
    mod = load(exercise)
    a, b, c = mod.inputs(1), mod.inputs(1), mod.inputs(2)
    assert json.dumps(a.params, sort_keys=True) == json.dumps(b.params, sort_keys=True)
    assert a.arrays.keys() == b.arrays.keys()
    assert all(np.array_equal(a.arrays[k], b.arrays[k]) for k in a.arrays)
    json.dumps(a.params)  # plain JSON only
    if exercise != "recompile":  # the release fixes the recompile sequence; nothing is drawn
        assert (json.dumps(a.params, sort_keys=True) != json.dumps(c.params, sort_keys=True)
                or any(not np.array_equal(a.arrays[k], c.arrays[k]) for k in a.arrays))


@pytest.mark.parametrize("exercise", EXERCISES)
def test_exercise_declaration(exercise):
    mod = load(exercise)
    ex = mod.EXERCISE
    assert ex.id == exercise and ex.chapter == "ch02"
    assert ex.max_points == 10
    assert sum(s.gate for s in ex.subchecks) >= 1
    assert len({s.name for s in ex.subchecks}) == len(ex.subchecks)
    assert mod.probe.__module__ == f"autograder.sandboxed.probes.{exercise}"
    doc = sys.modules[mod.probe.__module__].__doc__ or ""
    assert "Observation keys" in doc


@pytest.mark.parametrize("exercise", EXERCISES)
def test_missing_observations_fail_every_subcheck(exercise):
    """A child that wrote nothing useful fails every sub-check with a message; the verdict never crashes."""
    from autograder.observations import Observations

    mod = load(exercise)
    outcomes = mod.verdict(mod.inputs(3), Observations(exercise, {}))
    assert [o.name for o in outcomes] == [s.name for s in mod.EXERCISE.subchecks]
    assert not any(o.passed for o in outcomes)
    assert all(o.detail_zh for o in outcomes)
