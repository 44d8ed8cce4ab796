"""Hidden checks of the four chapter-5 exercises, graded against the answer corpus.

Corpus: `tests/corpus/answers/<id>/` holds answer variants; a variant is `<name>.py` (the answer cell)
or a folder `<name>/` with `answer.py` plus the C++ file its `%%writefile` cell writes (`silu.cc`).
`expected.json` maps each variant to
  {"expect": "full" | "zero" | "partial", "failed": [the exact set of failing sub-checks],
   "status": expected ExerciseScore.status for "zero" (default gate_failed)}.
Every exercise has the degenerate family `degenerate_<empty|constant|zeros|identity|none|
structure_only>`: each scores 0.

The corpus is graded by the real grader: a release is built from solutions/ into a temp folder;
entry k is a copy of the released chapter 5 notebook whose answer cells hold variant k of every
chapter 5 exercise that has one (silu: the `%%writefile silu.cc` cell, then the Python cell);
`grade_submission` grades it in the bwrap sandbox with the exercises filter set to those exercises,
fixed seed, one build cache shared by all entries, two entries at a time. Without root, bwrap or
clang++ the corpus tests are skipped, saying which prerequisite is missing.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from autograder.exercises import CHAPTERS, load
from autograder.exercises.base import ExerciseScore, ProbeInputs
from autograder.exercises.structure_pool import structure_seed
from autograder.model import StudentResult
from autograder.observations import Observations

from helpers import corpus_grade
from helpers.answer_corpus import CH05_SEED
from helpers.answer_corpus import ch05_variants as corpus
from helpers.early_lane import EarlyLane, session_lane
from helpers.silu_kernel_checks import silu_kernel_checks

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus" / "answers"
EXERCISES = CHAPTERS["ch05"]
SEED = CH05_SEED

MASTER_CH05 = ROOT / "solutions" / "ch05_interop.ipynb"

def _cell_text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def master_cells(role: str, exercise: str | None = None) -> list[str]:
    if not MASTER_CH05.is_file():
        return []
    nb = json.loads(MASTER_CH05.read_text(encoding="utf-8"))
    return [_cell_text(c) for c in nb["cells"]
            if c.get("metadata", {}).get("jaxgrade", {}).get("role") == role
            and (exercise is None or c["metadata"]["jaxgrade"].get("exercise") == exercise)]


# --- real grader -------------------------------------------------------------------------------------


def missing_prerequisite() -> str | None:
    """Why the real grader cannot run here, or None."""
    if os.geteuid() != 0:
        return "the bwrap sandbox needs root"
    for tool in ("bwrap", "clang++"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not MASTER_CH05.is_file():
        return f"no master notebook {MASTER_CH05}"
    return None


@dataclass(frozen=True)
class Corpus:
    scores: dict[str, dict[str, ExerciseScore]]  # exercise -> variant -> score
    results: list[StudentResult]  # one per entry, as the grader returned it
    inputs: dict[str, ProbeInputs]  # exercise -> the inputs every entry was graded with (fixed seed)


LANE_KEY = "corpus:ch05"


def queue_early_work(lane: EarlyLane, items: list[pytest.Item]) -> None:
    """The corpus' grading on the session's early lane, against the lane's fresh release."""
    if not missing_prerequisite() and any("graded_corpus" in getattr(i, "fixturenames", ()) for i in items):
        corpus_grade.queue(lane, LANE_KEY, "ch05")


@pytest.fixture(scope="module")
def graded_corpus(request: pytest.FixtureRequest, fresh_release: Path) -> Corpus:
    missing = missing_prerequisite()
    if missing:
        pytest.skip(f"the corpus is graded by the real grader: {missing}")
    graded = corpus_grade.graded(session_lane(request.config), LANE_KEY, fresh_release, EXERCISES)
    version = json.loads((fresh_release / "manifest.json").read_text(encoding="utf-8"))["version"]
    drawn = {ex: load(ex).inputs(SEED, structure_seed=structure_seed(version, ex, SEED)) for ex in EXERCISES}
    return Corpus(graded.scores, graded.results, drawn)


@pytest.fixture(scope="module")
def corpus_scores(graded_corpus: Corpus) -> dict[str, dict[str, ExerciseScore]]:
    return graded_corpus.scores


def describe(score: ExerciseScore) -> str:
    lines = [f"{score.exercise}: {score.score}/{score.max_score} status={score.status} {score.summary_zh}"]
    lines += [f"  [{'x' if t.passed else ' '}] {t.name} {t.score}/{t.max_score}: {t.output_zh}"
              for t in score.tests]
    return "\n".join(lines)


def failed_subchecks(score: ExerciseScore) -> list[str]:
    return sorted(t.name.split(": ", 1)[1] for t in score.tests if not t.passed)


# --- corpus ------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("exercise", EXERCISES)
def test_corpus_verdicts(corpus_scores: dict[str, dict[str, ExerciseScore]], exercise: str) -> None:
    scores = corpus_scores[exercise]
    for v in corpus(exercise):
        score = scores[v.name]
        exp = v.expected
        context = f"{v.name}\n{describe(score)}"
        if exp["expect"] == "full":
            assert score.score == score.max_score and score.status == "ok", context
        elif exp["expect"] == "zero":
            assert score.score == 0 and score.status == exp.get("status", "gate_failed"), context
        else:
            assert 0 < score.score < score.max_score and score.status == "ok", context
        if "failed" in exp:
            assert failed_subchecks(score) == sorted(exp["failed"]), context
        assert "运行出错" not in score.summary_zh, context
        if score.status != "unanswered":  # every other variant must have reached its answer cell
            assert "没有找到本题的作答" not in score.summary_zh, context


@pytest.mark.slow
@pytest.mark.parametrize("exercise", EXERCISES)
def test_corpus_shows_every_failure_message(corpus_scores: dict[str, dict[str, ExerciseScore]],
                                            exercise: str) -> None:
    """Every sub-check fails in at least one variant, with a Chinese account of what was observed."""
    for sub in load(exercise).EXERCISE.subchecks:
        name = f"{exercise}: {sub.name}"
        failing = [t for s in corpus_scores[exercise].values() for t in s.tests
                   if t.name == name and not t.passed]
        assert failing, f"no corpus variant fails {name}"
        detail = failing[0].output_zh.split("未通过", 1)[1]
        assert re.search(r"[\u4e00-\u9fff]", detail), failing[0].output_zh
        assert "Traceback" not in detail and "assert" not in detail
        print(f"{name} -> {failing[0].output_zh}")


@pytest.mark.slow
def test_feedback_never_states_a_hidden_answer(graded_corpus: Corpus, tmp_path: Path) -> None:
    """Every feedback file of the corpus: no expected or measured value spelled out ("应为 …")."""
    from autograder.grade import reports

    from helpers.feedback_leaks import leaks

    for result in graded_corpus.results:
        folder = reports.write_student_files(tmp_path, result.student_id, result)
        for name in ("feedback.md", "feedback.html"):
            text = (folder / name).read_text(encoding="utf-8")
            found = leaks(text, recompile_count=None, fusion_inputs=None)
            assert not found, f"{result.student_id}/{name}: {found}"


def test_corpus_has_enough_variants() -> None:
    for exercise in EXERCISES:
        kinds = [v.expected["expect"] for v in corpus(exercise)]
        assert len(kinds) >= 6 and kinds.count("full") >= 3, exercise  # reference + 2 written differently
        assert kinds.count("partial") >= 3 and kinds.count("zero") >= 1, exercise
        assert all(k in ("full", "zero", "partial") for k in kinds)
        assert all("failed" in v.expected for v in corpus(exercise) if v.expected["expect"] != "full")


# --- declarations, inputs, documentation ----------------------------------------------------------------


@pytest.mark.parametrize("exercise", EXERCISES)
def test_exercise_declaration(exercise: str) -> None:
    from autograder.sandboxed.tamper import _MISSING, resolve

    mod = load(exercise)
    ex = mod.EXERCISE
    assert ex.id == exercise and ex.chapter == "ch05" and ex.max_points == 10
    assert sum(s.gate for s in ex.subchecks) == 1 and ex.subchecks[0].gate
    assert len({s.name for s in ex.subchecks}) == len(ex.subchecks)
    assert all(re.fullmatch(r"[a-z][a-zA-Z0-9_ ]*", s.name) for s in ex.subchecks), "English, stable names"
    assert all(re.search(r"[\u4e00-\u9fff]", s.title_zh) for s in ex.subchecks)
    assert all(resolve(name) is not _MISSING for name in ex.relies_on), "relies_on names must resolve"
    assert ex.kernel_probe == (exercise == "silu_ffi")
    probe_module = importlib.import_module(ex.probe_module)
    assert probe_module.__name__ == f"autograder.sandboxed.probes.{exercise}"
    assert callable(probe_module.probe)
    if ex.kernel_probe:  # the kernel child's probe: a module of its own, which imports no JAX
        kernel_module = importlib.import_module(f"{ex.probe_module}_kernel")
        assert callable(kernel_module.kernel_probe)
        kernel_source = Path(kernel_module.__file__).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+jax\b", kernel_source, re.M)
    source = Path(probe_module.__file__).read_text(encoding="utf-8")
    assert not re.search(r"^\s*(from|import)\s+autograder", source, re.M), "probes use relative imports only"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_probe_documents_every_observation_key(exercise: str) -> None:
    """Every key a probe records appears in its module docstring's key list (unit, dtype/shape there)."""
    probe_module = importlib.import_module(load(exercise).EXERCISE.probe_module)
    doc = probe_module.__doc__ or ""
    assert "Observation keys" in doc and "may be missing" in doc
    source = Path(probe_module.__file__).read_text(encoding="utf-8")
    recorded = re.findall(r'(?:observe|observe_many\(rec, \()\(?f?"([^"]+)"', source)
    recorded += re.findall(r'f"(jvp\.\{i\}\.(?:primal|tangent))"', source)
    assert len(recorded) >= 5
    documented = {re.sub(r"<[^>]*>", "<*>", m) for m in re.findall(r"^  ([a-z_][\w.<>]*)", doc, re.M)}
    documented |= {re.sub(r"<[^>]*>", "<*>", m) for m in re.findall(r"^  [\w.<>]+ / ([\w.<>]+)", doc, re.M)}
    for key in recorded:
        normal = re.sub(r"\{[^}]*\}", "<*>", key)
        assert normal in documented, f"{exercise}: key {key!r} is not documented"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_inputs_are_deterministic_and_fresh(exercise: str) -> None:
    """Same seeds, same inputs; a fresh seed on the same structure: the same programs (params, shapes,
    dtypes), other values; another structure: other programs."""
    mod = load(exercise)
    a, b = mod.inputs(7, structure_seed=1), mod.inputs(7, structure_seed=1)
    c, d = mod.inputs(8, structure_seed=1), mod.inputs(7, structure_seed=2)
    assert json.dumps(a.params, sort_keys=True) == json.dumps(b.params, sort_keys=True)
    assert a.arrays.keys() == b.arrays.keys()
    assert all(np.array_equal(a.arrays[k], b.arrays[k]) for k in a.arrays)
    assert json.dumps(a.params, sort_keys=True) == json.dumps(c.params, sort_keys=True)
    assert all(a.arrays[k].shape == c.arrays[k].shape for k in a.arrays)
    assert any(not np.array_equal(a.arrays[k], c.arrays[k]) for k in a.arrays)
    assert (json.dumps(a.params, sort_keys=True) != json.dumps(d.params, sort_keys=True)
            or any(a.arrays[k].shape != d.arrays[k].shape for k in a.arrays))
    # float32 everywhere but the dtype classes' own cases (reduce_sum_rules: float64 and int32)
    other_dtypes = {"c_f64_": np.float64, "c_int32_": np.int32}
    for k, arr in a.arrays.items():
        want = next((dt for prefix, dt in other_dtypes.items() if k.startswith(prefix)), np.float32)
        assert arr.dtype == want, (k, arr.dtype)
    json.dumps(a.params)  # plain JSON only


def test_inputs_cover_what_the_spec_asks_for() -> None:
    from autograder.exercises import ffi_lowering, gammaln_callback, reduce_sum_rules, silu_ffi

    for structure in range(20):  # every structure, with values of their own
        seed = 1000 + structure
        r = reduce_sum_rules.inputs(seed, structure_seed=structure)
        assert r.arrays["x"].shape != reduce_sum_rules.SELF_CHECK_SHAPE
        assert sorted(c["in_axes"] for c in r.params["vmap_pos"]) == [0, 1, 2, 3]
        assert any(isinstance(c["axis"], int) or any(a < 0 for a in c["axis"]) for c in r.params["vmap_neg"])
        moves = reduce_sum_rules._moves_batch_dim  # a rule that keeps or clamps the batch dimension fails
        assert any(moves(c, 4) for c in r.params["vmap_pos"])
        assert any(moves(c, 4) for c in r.params["vmap_neg"])
        assert moves(r.params["vmap_grad"], 4)
        assert any(moves({"in_axes": c["inner"], "axis": c["axis"]}, 3) or moves(
            {"in_axes": c["outer"], "axis": [a + 1 if a >= c["inner"] else a for a in c["axis"]]}, 4)
            for c in r.params["vmap_nested"])
        g = gammaln_callback.inputs(seed, structure_seed=structure)
        band = gammaln_callback.END_BAND  # a value near each end, drawn: never the end itself
        for name in ("x1", "x3", "xv", "xn", "xg"):
            x = g.arrays[name]
            assert 0.05 < x.min() <= 0.05 * (1 + band) and 50.0 * (1 - band) <= x.max() < 50.0, name
        assert not np.isin(g.arrays["xo"], np.float32([172.0, 1e4])).any()
        assert all(axis != 0 for axis in g.params["vmap_in_axes"])
        s = silu_ffi.inputs(seed, structure_seed=structure)
        assert s.arrays["x0"].shape == () and s.arrays["xe"].size == 0
        for name in ("x1", "x2", "x3", "xv", "xg"):  # both overflow boundaries, drawn, never +-100
            x = s.arrays[name]
            bounds = ((silu_ffi.F32_EXP_OVERFLOW, silu_ffi.BIG), (silu_ffi.F64_EXP_OVERFLOW, silu_ffi.FAR))
            for lo, hi in bounds:
                assert np.any((x > lo) & (x < hi)) and np.any((x < -lo) & (x > -hi)), (name, lo)
            assert not np.any(np.abs(x) == 100.0), name
        f = ffi_lowering.inputs(seed, structure_seed=structure)
        assert [f.arrays[f"x{d}"].ndim for d in (1, 2, 3, 4)] == [1, 2, 3, 4]
        lasts = [c["in_axes"] % f.arrays[f"xv{k}"].ndim == f.arrays[f"xv{k}"].ndim - 1
                 for k, c in enumerate(f.params["vmap_cases"])]
        assert sum(lasts) == 2 and len(lasts) == 5  # every position of a 1-D and a 2-D example


# --- verdicts on made-up observations ----------------------------------------------------------------


@pytest.mark.parametrize("exercise", EXERCISES)
def test_missing_observations_fail_every_subcheck(exercise: str) -> None:
    """A child that wrote nothing useful fails every sub-check with a message; the verdict never raises."""
    mod = load(exercise)
    for values in ({}, {"kernel.__run__": "not_built", "type": 3, "rules": "x", "jaxpr.forward": "abc"}):
        outcomes = mod.verdict(mod.inputs(3, structure_seed=3), Observations(exercise, values))
        assert [o.name for o in outcomes] == [s.name for s in mod.EXERCISE.subchecks]
        assert not any(o.passed for o in outcomes)
        assert all(re.search(r"[\u4e00-\u9fff]", o.detail_zh) for o in outcomes)


def test_reduce_sum_gate_reads_the_traced_structure() -> None:
    from autograder.exercises.reduce_sum_rules import _check_primitive
    from autograder.observations import StudentError

    base = {"prim.class": "jax._src.core.Primitive", "prim.bind_overridden": False,
            "jaxpr.forward": ["custom_reduce_sum"], "jaxpr.grad": ["custom_reduce_sum", "mul"],
            "jaxpr.vmap": ["transpose", "custom_reduce_sum"]}
    assert _check_primitive(Observations("reduce_sum_rules", base)).passed
    missing_rule = {**base, "jaxpr.vmap": StudentError("NotImplementedError", "Batching rule ...")}
    assert _check_primitive(Observations("reduce_sum_rules", missing_rule)).passed  # judged elsewhere
    # a batching rule around the primitive costs only the vmap sub-checks (see the verdict test below)
    assert _check_primitive(Observations("reduce_sum_rules", {**base, "jaxpr.vmap": ["reduce_sum"]})).passed
    for bad in ({"jaxpr.forward": ["reduce_sum"]}, {"jaxpr.grad": ["reduce_sum", "mul"]},
                {"prim.bind_overridden": True}, {"prim.class": "mymod.FakePrimitive"}):
        outcome = _check_primitive(Observations("reduce_sum_rules", {**base, **bad}))
        assert not outcome.passed and re.search(r"[\u4e00-\u9fff]", outcome.detail_zh), bad


def _right_reduce_sum_observations(inp: ProbeInputs) -> dict:
    """What right rules report, computed in float32 the way JAX does (the sums of a float32 array
    in float32): plain data only, no student code."""
    from autograder.exercises.reduce_sum_rules import (
        PRIMITIVE,
        _broadcast_back,
        _hvp_expected,
        _norm_axis,
        call_input,
    )

    a, p = inp.arrays, inp.params
    f32 = np.float32

    def sum32(v: np.ndarray, axis: list[int]) -> np.ndarray:
        return np.asarray(np.sum(np.asarray(v, f32), axis=tuple(axis), dtype=f32))

    x, shape = a["x"], a["x"].shape
    values: dict = {"prim.class": "jax._src.core.Primitive", "prim.bind_overridden": False,
                    "rules": {"jvp": True, "transpose": True, "batching": True},
                    "jaxpr.forward": [PRIMITIVE], "jaxpr.grad": [PRIMITIVE, "mul"], "jaxpr.vmap": [PRIMITIVE]}
    for i, axis in enumerate(p["jvp_axes"]):
        values[f"jvp.{i}.primal"], values[f"jvp.{i}.tangent"] = sum32(x, axis), sum32(a["t"], axis)
    values["jvp.jit.tangent"] = sum32(a["t"], p["jvp_axes"][0])
    for i, axis in enumerate(p["transpose_axes"]):
        values[f"transpose.{i}"] = _broadcast_back(a[f"ct_{i}"], axis, shape).astype(f32)
    ax = p["grad_axis"]
    values["grad_jit"] = _broadcast_back(2 * a["w_grad"] * sum32(x, ax), ax, shape).astype(f32)
    for k, case in enumerate(p["vmap_pos"]):
        values[f"vmap.pos.{k}"] = sum32(np.moveaxis(a[f"xb_{k}"], case["in_axes"], 0),
                                        [d + 1 for d in case["axis"]])
    for j, case in enumerate(p["vmap_neg"]):
        per = np.moveaxis(a[f"xg_{j}"], case["in_axes"], 0)
        values[f"vmap.neg.{j}"] = sum32(per, [d + 1 for d in _norm_axis(case["axis"], per.ndim - 1)])
    for j, case in enumerate(p["vmap_nested"]):
        both = np.moveaxis(np.moveaxis(a[f"xn_{j}"], case["outer"], 0), case["inner"] + 1, 1)
        values[f"vmap.nested.{j}"] = sum32(both, [d + 2 for d in case["axis"]])
    vg = p["vmap_grad"]
    per = np.moveaxis(a["xv"], vg["in_axes"], 0)
    ax1 = [d + 1 for d in vg["axis"]]
    values["vmap_grad"] = _broadcast_back(2 * a["wv"][None] * sum32(per, ax1), ax1, per.shape).astype(f32)
    hv = _hvp_expected(a["x2"], a["v2"], a["w2"], p["hess_axis"])
    values["hess.fwd_fwd"] = np.asarray(np.sum(hv * a["v2"]), f32)
    for key in ("hess.fwd_rev", "hess.rev_rev", "hess.rev_fwd"):
        values[key] = hv.astype(f32)
    cls = p["classes"]
    for c in ("unit", "rep", "cancel"):
        axis = cls[c]["axis"]
        values[f"jvp.cls.{c}.primal"] = sum32(a[f"c_{c}_x"], axis)
        values[f"jvp.cls.{c}.tangent"] = sum32(a[f"c_{c}_t"], axis)
        per = np.moveaxis(a[f"c_{c}_xb"], cls[c]["in_axes"], 0)
        values[f"vmap.cls.{c}"] = sum32(per, [d + 1 for d in axis])
    for c in ("unit", "rep"):
        spread = _broadcast_back(a[f"c_{c}_ct"], cls[c]["axis"], a[f"c_{c}_x"].shape)
        values[f"transpose.cls.{c}"] = spread.astype(f32)
    values["jvp.edge.noax.primal"], values["jvp.edge.noax.tangent"] = x, a["t"]  # axis=()
    values["transpose.edge.noax"] = a["e_noax_ct"]
    for e, case in p["vmap_edges"].items():  # a batch of 0 or 1, axis=(), 0-d examples
        per = np.moveaxis(a[f"e_{e}_xb"], case["in_axes"], 0)
        values[f"vmap.edge.{e}"] = sum32(per, [d + 1 for d in case["axis"]])
    per = np.moveaxis(a["c_int32_xb"], cls["int32"]["in_axes"], 0)
    values["vmap.cls.int32"] = np.sum(per, axis=tuple(d + 1 for d in cls["int32"]["axis"]), dtype=np.int32)
    for c, dtype, name in (("f64", np.float64, "float64"), ("bf16", f32, "bfloat16")):
        axis, x_c = cls[c]["axis"], a[f"c_{c}_x"]
        per = np.moveaxis(a[f"c_{c}_xb"], cls[c]["in_axes"], 0)
        cases = {"jvp": np.sum(a[f"c_{c}_t"], axis=tuple(axis), dtype=dtype),
                 "transpose": _broadcast_back(a[f"c_{c}_ct"], axis, x_c.shape).astype(dtype),
                 "vmap": np.sum(per, axis=tuple(d + 1 for d in axis), dtype=dtype)}
        for what, v in cases.items():
            values[f"dtype.{c}.{what}"], values[f"dtype.{c}.{what}.dtype"] = np.asarray(v, dtype), name
    for i, step in enumerate(p["calls"]["steps"]):  # the eager call sequence, in its input's dtype
        v = call_input(a, step)
        if step["op"] == "jvp":
            got = np.sum(v, axis=tuple(step["axis"]), dtype=v.dtype)
        elif step["op"] == "transpose":
            got = _broadcast_back(v, step["axis"], tuple(step["primal"]))
        else:
            got = sum32(np.moveaxis(v, step["in_axes"], 0), [d + 1 for d in step["axis"]])
        values[f"calls.{i}"] = np.asarray(got, v.dtype)
    return values


def test_reduce_sum_batching_bypass_loses_only_the_batching_points() -> None:
    """Right values from a batching rule that calls jnp.sum instead of re-binding the primitive: the
    vmap sub-checks fail with a message saying why, the JVP and transpose points stay."""
    from autograder.exercises import reduce_sum_rules as rsr
    from autograder.exercises.base import score_outcomes

    inp = rsr.inputs(11, structure_seed=5)
    right = _right_reduce_sum_observations(inp)
    full = score_outcomes(rsr.EXERCISE, rsr.verdict(inp, Observations("reduce_sum_rules", right)))
    assert full.score == rsr.EXERCISE.max_points, [t.output_zh for t in full.tests if t.score < t.max_score]

    bypass = {**right, "jaxpr.vmap": ["reduce_sum", "transpose"]}
    score = score_outcomes(rsr.EXERCISE, rsr.verdict(inp, Observations("reduce_sum_rules", bypass)))
    lost = {t.name.split(": ", 1)[1] for t in score.tests if t.score < t.max_score}
    assert lost == set(rsr.BATCHING)
    assert score.score == rsr.EXERCISE.max_points - sum(rsr.EXERCISE.subcheck(n).points for n in rsr.BATCHING)
    for t in score.tests:
        if t.name.split(": ", 1)[1] in rsr.BATCHING:
            assert "batching 规则没有重新绑定原语" in t.output_zh
            assert "JVP 与转置规则的分数保留" in t.output_zh


def test_reduce_sum_decoy_bind_is_judged_by_the_effect_of_the_primitives_result() -> None:
    """A batching rule whose vmap jaxpr holds the primitive but whose output does not follow the
    primitive's result (`jnp.sum(x) + 0 * bind(...)`: the effect run moves no element) loses the
    batching points with a message saying so; one whose output moves by the impl's shift (or a
    multiple of it: several binds summed) keeps full points."""
    from autograder.exercises import reduce_sum_rules as rsr
    from autograder.exercises.base import score_outcomes

    inp = rsr.inputs(11, structure_seed=5)
    marker = inp.params["effect_marker"]
    right = _right_reduce_sum_observations(inp)
    shape = right["vmap.pos.0"].shape

    def score(effect: np.ndarray):
        values = {**right, "vmap.effect": effect.astype(np.float32)}
        return score_outcomes(rsr.EXERCISE, rsr.verdict(inp, Observations("reduce_sum_rules", values)))

    assert score(np.full(shape, marker)).score == rsr.EXERCISE.max_points
    assert score(np.full(shape, 3 * marker)).score == rsr.EXERCISE.max_points
    for effect in (np.zeros(shape), np.where(np.arange(np.prod(shape)).reshape(shape) % 2, marker, 0.0)):
        decoy = score(effect)
        lost = {t.name.split(": ", 1)[1] for t in decoy.tests if t.score < t.max_score}
        assert lost == set(rsr.BATCHING)
        assert all("输出并不来自它的结果" in t.output_zh for t in decoy.tests
                   if t.name.split(": ", 1)[1] in rsr.BATCHING)


def test_reduce_sum_right_float32_values_score_full_on_every_structure() -> None:
    """What right rules compute in float32, on every structure of the pool and fresh seeds: no
    comparison takes a point (the tolerances hold where values cancel or vanish)."""
    from autograder.exercises import reduce_sum_rules as rsr
    from autograder.exercises.base import score_outcomes
    from autograder.exercises.input_classes import pool_draws

    for seed in (0, 20261129):
        for inp in pool_draws(rsr, seed):
            values = _right_reduce_sum_observations(inp)
            score = score_outcomes(rsr.EXERCISE, rsr.verdict(inp, Observations("reduce_sum_rules", values)))
            assert score.score == rsr.EXERCISE.max_points, [t.output_zh for t in score.tests if not t.passed]


def test_reduce_sum_exact_zero_reached_by_cancellation_is_right() -> None:
    """A sum that is exactly 0 in float64 because large float32 terms cancel: a right float32 answer
    carries rounding of the terms' size there, which a tolerance relative to the result (0) alone
    calls wrong. The absolute floor follows the magnitude of the terms."""
    from autograder.exercises import reduce_sum_rules as rsr
    from autograder.exercises.base import score_outcomes

    full_axis = [0, 1, 2]
    seed_with_full_jvp = next(
        s for s in range(200) if full_axis in rsr.inputs(0, structure_seed=s).params["jvp_axes"]
        and rsr.inputs(0, structure_seed=s).arrays["t"].size % 2 == 0)
    inp = rsr.inputs(7, structure_seed=seed_with_full_jvp)
    t = inp.arrays["t"]
    rng = np.random.default_rng(0)
    n = t.size // 2
    half = (rng.uniform(500.0, 2000.0, size=n) * rng.choice([-1, 1], size=n)).astype(np.float32)
    cancelling = rng.permutation(np.concatenate([half, -half])).reshape(t.shape)  # f64 sum exactly 0
    inp = ProbeInputs(inp.seed, {**inp.arrays, "t": cancelling}, inp.params)
    values = _right_reduce_sum_observations(inp)
    i = inp.params["jvp_axes"].index(full_axis)
    assert np.sum(cancelling.astype(np.float64)) == 0.0 and values[f"jvp.{i}.tangent"] != 0.0  # rounding
    score = score_outcomes(rsr.EXERCISE, rsr.verdict(inp, Observations("reduce_sum_rules", values)))
    assert score.score == rsr.EXERCISE.max_points, [t.output_zh for t in score.tests if t.score < t.max_score]
    wrong = {**values, f"jvp.{i}.tangent": np.asarray(np.float32(1.0))}  # still caught: off by 1
    outcomes = {o.name: o for o in rsr.verdict(inp, Observations("reduce_sum_rules", wrong))}
    assert not outcomes["jvp"].passed


def test_silu_and_ffi_lowering_read_custom_call_targets() -> None:
    from autograder.exercises import ffi_lowering, silu_ffi

    hlo = ('ROOT %ffi_call.1 = f32[3]{0} custom-call(%x), custom_call_target="silu", api_version=4\n'
           '%c = f32[3]{0} custom-call(%x, %g), custom_call_target="silu_bwd"')
    assert silu_ffi._TARGET.findall(hlo) == ["silu", "silu_bwd"]
    text = ('%0 = stablehlo.custom_call @rms_norm_fwd(%arg0)\n%1 = stablehlo.custom_call @"rms_norm"(%arg0)\n'
            '%2 = stablehlo.custom_call @rms_norm(%arg0) {mhlo.backend_config = {eps = 1.0E-5 : f32}}')
    assert ffi_lowering._CUSTOM_CALL.findall(text) == ["rms_norm_fwd", "rms_norm", "rms_norm"]
    assert "rms_norm" not in ffi_lowering._CUSTOM_CALL.findall("stablehlo.custom_call @rms_norm_fwd(%a)")
    obs = Observations("silu_ffi", {"kernel.__run__": "not_built", "type": silu_ffi.CUSTOM_VJP})
    outcomes = {o.name: o for o in silu_ffi.verdict(silu_ffi.inputs(0, structure_seed=0), obs)}
    assert "silu.cc" in outcomes["kernel Silu"].detail_zh and not outcomes["kernel SiluBwd"].passed


def test_parent_references_agree_with_finite_differences() -> None:
    """The float64 formulas the verdicts compare against, checked independently."""
    from scipy.special import digamma, gammaln

    from autograder.exercises.reduce_sum_rules import _hvp_expected
    from autograder.exercises.silu_ffi import silu64, silu_vjp64

    rng = np.random.default_rng(0)
    x, v = rng.standard_normal((3, 4, 5)) * 0.5, rng.standard_normal((3, 4, 5))
    axis = [0, 2]
    w = rng.standard_normal(4)

    def g(z: np.ndarray) -> float:
        return float(np.sum(w * np.sin(np.sum(z * z, axis=tuple(axis)))))

    h = 1e-4
    fd = (g(x + h * v) - 2 * g(x) + g(x - h * v)) / h**2
    assert np.isclose(np.sum(_hvp_expected(x, v, w, axis) * v), fd, rtol=1e-5)
    xs = np.linspace(-30, 30, 41)
    fd1 = (silu64(xs + 1e-6) - silu64(xs - 1e-6)) / 2e-6
    assert np.allclose(silu_vjp64(xs, np.ones_like(xs)), fd1, rtol=1e-6, atol=1e-8)
    assert np.all(np.isfinite(silu64(np.array([-100.0, 100.0])))) and silu64(np.array(100.0)) == 100.0
    assert np.allclose((gammaln(xs[xs > 0] + 1e-6) - gammaln(xs[xs > 0] - 1e-6)) / 2e-6, digamma(xs[xs > 0]),
                       rtol=1e-6)


def test_array_cases_tolerance_and_messages() -> None:
    from autograder.exercises.base import ArrayCases
    from autograder.observations import StudentError

    exp = np.array([1.0, -2.0, 1e-7], np.float64)
    good = (exp * (1 + 5e-7)).astype(np.float32)
    callback_error = ("jax.errors.JaxRuntimeError: INTERNAL: CpuCallback error calling callback: Traceback "
                      "(most recent call last):\n  File \"x.py\", line 1\nValueError: cannot reshape array\n"
                      "--------------------\nFor simplicity, JAX has removed its internal frames")
    nan = np.array([1.0, np.nan, 0], np.float32)
    obs = Observations("x", {"a": good, "b": good.astype(np.float64), "c": nan,
                             "d": StudentError("JaxRuntimeError", callback_error),
                             "e": (exp + 1e-3).astype(np.float32)})
    c = ArrayCases(obs)
    c.close("a", exp, "a", rtol=1e-5, atol=1e-6)
    assert c.outcome("n").passed
    cases = (("b", "float32"), ("c", "NaN"), ("d", "ValueError: cannot reshape"), ("e", "与参考不符"),
             ("f", "没有得到"))
    for key, needle in cases:
        c = ArrayCases(obs)
        c.close(key, exp, "what", rtol=1e-5, atol=1e-6)
        outcome = c.outcome("n")
        assert not outcome.passed and needle in outcome.detail_zh, (key, outcome.detail_zh)


def test_course_kernel_replica_is_bit_exact() -> None:
    """ffi_lowering's provenance check relies on the parent's float32 replica of the course's
    RmsNorm handler giving its exact bits; a jnp RMSNorm does not (the fallback it must tell apart)."""
    if shutil.which("clang++") is None:
        pytest.skip("clang++ is missing: cannot build the course kernel")
    import jax
    import jax.numpy as jnp

    import jaxcourse
    from autograder.exercises.ffi_lowering import course_rms_norm_f32
    from autograder.exercises.provenance import differing_bits

    jaxcourse.register_rms_norm_targets()
    rng = np.random.default_rng(5)
    fallback_differs = 0
    for shape, eps in (((7, 33), 1e-5), ((3, 4, 9), 0.3), ((1,), 1e-5), ((2, 5, 3, 40), 4e-3)):
        x = (rng.standard_normal(shape) * rng.uniform(0.05, 3)).astype(np.float32)
        call = jax.ffi.ffi_call("rms_norm", jax.ShapeDtypeStruct(x.shape, x.dtype))
        got = np.asarray(call(x, eps=np.float32(eps)))
        assert differing_bits(got, course_rms_norm_f32(x, eps)) == 0, (shape, eps)
        fallback = np.asarray(x / jnp.sqrt(jnp.mean(x * x, -1, keepdims=True) + eps))
        fallback_differs += differing_bits(fallback, got)
    assert fallback_differs > 0


def test_reduce_sum_class_cases_catch_what_only_they_show() -> None:
    """Each class case fails exactly its sub-check when a right answer's observation is replaced
    by what a rule wrong only on that class reports: a squeezed length-1 axis, float64 through
    float32, a float32 result for bfloat16 or int32 input."""
    from autograder.exercises import reduce_sum_rules as rsr

    inp = rsr.inputs(5, structure_seed=3)
    right = _right_reduce_sum_observations(inp)
    f64 = right["dtype.f64.vmap"]
    via_float32 = f64.astype(np.float32).astype(np.float64) + 1e-9 * abs(f64).max()
    wrong_cases = {
        "jvp": {"jvp.cls.unit.tangent": np.squeeze(right["jvp.cls.unit.tangent"])},
        "vmap batch dim": {"dtype.f64.vmap": via_float32},
        "transpose": {"dtype.bf16.transpose.dtype": "float32"},
    }
    int_as_float = {"vmap.cls.int32": right["vmap.cls.int32"].astype(np.float32)}
    for name, change in [*wrong_cases.items(), ("vmap batch dim", int_as_float)]:
        observed = Observations("reduce_sum_rules", {**right, **change})
        failed = {o.name for o in rsr.verdict(inp, observed) if not o.passed}
        assert failed == {name}, (change.keys(), failed)


def test_ffi_eps_under_vmap_counts_against_eps_only_where_batching_is_right() -> None:
    """A batching rule that drops eps loses the eps point; a batching rule that is wrong anyway
    loses the vmap points and is not charged for eps again."""
    from autograder.exercises import ffi_lowering as fl

    inp = fl.inputs(5, structure_seed=3)
    a, p = inp.arrays, inp.params
    right: dict = {"prim.class": "jax._src.core.Primitive", "prim.bind_overridden": False,
                   "lowered.jit": "stablehlo.custom_call @rms_norm(%arg0)"}
    for d in (1, 2, 3, 4):
        right[f"eager.{d}"] = right[f"jit.{d}"] = fl.course_rms_norm_f32(a[f"x{d}"], p["eps"])
    for j, eps in enumerate(p["eps_cases"]):
        right[f"eps.{j}"] = right[f"eps_eager.{j}"] = fl.course_rms_norm_f32(a["xs"], eps)

    def per(x: np.ndarray, axis: int, eps: float) -> np.ndarray:
        return fl.course_rms_norm_f32(np.moveaxis(x, axis, 0), eps)

    for k, c in enumerate(p["vmap_cases"]):
        right[f"vmap.{k}"] = per(a[f"xv{k}"], c["in_axes"], p["eps"])
    for k, c in enumerate(p["jit_vmap_cases"]):
        right[f"jit_vmap.{k}"] = per(a[f"xj{k}"], c["in_axes"], p["eps"])
    for k, c in enumerate(p["nested_cases"]):
        right[f"nested.{k}"] = fl.course_rms_norm_f32(
            np.moveaxis(np.moveaxis(a[f"xn{k}"], c["outer"], 0), c["inner"] + 1, 1), p["eps"])
    for j, c in enumerate(p["eps_vmap_cases"]):
        right[f"eps_vmap.{j}"] = per(a[f"xe{j}"], c["in_axes"], c["eps"])
    for i, step in enumerate(p["calls"]["steps"]):  # the eager call sequence
        right[f"calls.{i}"] = fl.course_rms_norm_f32(fl._call_input(a, step), p["eps"])

    def failed(values: dict) -> set[str]:
        return {o.name for o in fl.verdict(inp, Observations("ffi_lowering", values)) if not o.passed}

    assert failed(right) == set()
    default_eps = {f"eps_vmap.{j}": per(a[f"xe{j}"], c["in_axes"], p["eps"])
                   for j, c in enumerate(p["eps_vmap_cases"])}
    assert failed({**right, **default_eps}) == {"eps"}
    broken_batching = {f"vmap.{k}": np.zeros_like(right[f"vmap.{k}"]) for k in range(len(p["vmap_cases"]))}
    broken_batching |= {f"jit_vmap.{k}": np.zeros_like(right[f"jit_vmap.{k}"])
                        for k in range(len(p["jit_vmap_cases"]))}
    assert failed({**right, **default_eps, **broken_batching}) == {"vmap every axis", "jit of vmap"}


def test_silu_large_array_crash_fails_the_kernel_checks_with_a_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A handler with a scratch buffer on the stack is right on every small case and crashes the kernel
    child on the 4M-element call, which runs last: the kernel checks fail saying so, judged on the
    cases written before the crash (no grader fault, nothing else lost). The reference passes."""
    monkeypatch.setenv("JAXCOURSE_BUILD_DIR", str(tmp_path / "build"))
    status, checks = silu_kernel_checks("wrong_stack_scratch", tmp_path / "scratch")
    assert status == "crashed"
    assert [c.passed for c in checks] == [False, False]
    # only the large case failed (the other cases' labels name a shape)
    assert all("崩溃" in c.detail_zh and "4194304" in c.detail_zh and "形状" not in c.detail_zh
               for c in checks), checks
    status, checks = silu_kernel_checks("reference", tmp_path / "reference")
    assert status == "ok" and all(c.passed for c in checks), checks


def test_ffi_lowering_call_sequence_sets_a_trap_for_a_bytes_and_an_id_memo() -> None:
    """On every structure the eager call sequence holds the same bytes in two shapes whose RMSNorm
    differs (a memo keyed by bytes returns a stale result), two fresh arrays of one shape with other
    values, the first dropped before the second (a memo keyed by id() may return the first's), and a
    live array called again; the order differs between structures."""
    from autograder.exercises import ffi_lowering

    orders = set()
    for seed in range(8):
        inp = ffi_lowering.inputs(5, structure_seed=seed)
        steps = inp.params["calls"]["steps"]
        orders.add(tuple(s["why"] for s in steps))
        x2 = [ffi_lowering._call_input(inp.arrays, s) for s in steps if s["arg"] == "x2"]
        flat, whole = next(x for x in x2 if x.ndim == 1), next(x for x in x2 if x.ndim == 2)
        assert flat.tobytes() == whole.tobytes()
        rms = ffi_lowering._rms
        assert not np.allclose(rms(flat, 1e-5).reshape(whole.shape), rms(whole, 1e-5))
        fresh = [s for s in steps if s.get("fresh")]
        assert [s["why"] for s in fresh] == ["first", "recycled"]
        a, b = (inp.arrays[s["arg"]] for s in fresh)
        assert a.shape == b.shape and not np.array_equal(a, b)
        assert sum(s["why"] == "again" for s in steps) == 1
    assert len(orders) > 1
