"""Hidden checks of the four chapter 2 exercises, graded against a corpus of answer variants.

Each `tests/corpus/answers/<exercise>/<variant>.py` is the source of an answer cell; the folder's
`expected.json` maps variant -> expected verdict:
  {"verdict": "full" | "zero" | "partial" | "below_full", "passed": [sub-check names],
   "failed": [sub-check names],
   "status": the exercise status (optional),
   "variant": the recompile pool index of the student the entry is graded as (optional, default 0),
   "answer": the answer file's name when it is not the entry's own (optional; one answer, several
   students); "@student_id@" in an answer is replaced by that student's id}
("passed"/"failed" must be subsets of what passed/failed; optional for "full" and "zero").
"below_full" (0 <= score < max) is for a wrong answer whose partial credit rests on float32 rounding
at the checks' tolerance, which differs between CPUs (the |x|^2 + |y|^2 - 2 x.y identity passes the
jit/vmap and gradient checks on one machine and fails them on another): what must hold everywhere is
that it never gets full marks, and that the sub-checks in "failed" fail.
Every exercise has the degenerate family `degenerate_<empty|constant|zeros|identity|none|
structure_only>`: each scores 0.

The corpus is graded by the real grader: a release is built from solutions/ into a temp folder, and
entry k is a copy of the released chapter 2 notebook whose answer cells hold variant k of every
exercise that has one; `grade_submission` grades it in the bwrap sandbox with the exercises filter
set to those exercises (one sandboxed child per entry, two entries at a time, fixed seed). Without
root and bwrap the corpus tests are skipped, saying which prerequisite is missing.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
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
from helpers.answer_corpus import CH02_SEED
from helpers.answer_corpus import ch02_variants as variants
from helpers.early_lane import EarlyLane, session_lane

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "corpus" / "answers"
MASTER = REPO / "solutions" / "ch02_performance.ipynb"
EXERCISES = CHAPTERS["ch02"]
SEED = CH02_SEED

def expected(exercise: str) -> dict[str, dict]:
    return json.loads((CORPUS / exercise / "expected.json").read_text(encoding="utf-8"))


def _cell_text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def master_cells(role: str, exercise: str | None = None) -> list[str]:
    if not MASTER.is_file():
        return []
    nb = json.loads(MASTER.read_text(encoding="utf-8"))
    out = []
    for c in nb["cells"]:
        meta = c.get("metadata", {}).get("jaxgrade", {})
        if meta.get("role") == role and (exercise is None or meta.get("exercise") == exercise):
            out.append(_cell_text(c))
    return out


# --- real grader -------------------------------------------------------------------------------------


def missing_prerequisite() -> str | None:
    """Why the real grader cannot run here, or None."""
    if os.geteuid() != 0:
        return "the bwrap sandbox needs root"
    if shutil.which("bwrap") is None:
        return "bwrap is not installed"
    if not MASTER.is_file():
        return f"no master notebook {MASTER}"
    return None


@dataclass(frozen=True)
class Corpus:
    scores: dict[str, dict[str, ExerciseScore]]  # exercise -> variant -> score
    results: list[StudentResult]  # one per entry, as the grader returned it
    inputs: dict[str, ProbeInputs]  # exercise -> the inputs every entry was graded with (fixed seed)
    release_root: Path


def graded_inputs(exercise: str, release_version: str) -> ProbeInputs:
    """The inputs the runner drew for `exercise` with the fixed seed (recompile: the first sequence)."""
    mod = load(exercise)
    if mod.EXERCISE.per_student:
        return mod.inputs(SEED)
    return mod.inputs(SEED, structure_seed=structure_seed(release_version, exercise, SEED))


LANE_KEY = "corpus:ch02"


def queue_early_work(lane: EarlyLane, items: list[pytest.Item]) -> None:
    """The corpus' grading on the session's early lane, against the lane's fresh release."""
    if not missing_prerequisite() and any("corpus" in getattr(i, "fixturenames", ()) for i in items):
        corpus_grade.queue(lane, LANE_KEY, "ch02")


@pytest.fixture(scope="module")
def corpus(request: pytest.FixtureRequest, fresh_release: Path) -> Corpus:
    missing = missing_prerequisite()
    if missing:
        pytest.skip(f"the corpus is graded by the real grader: {missing}")
    graded = corpus_grade.graded(session_lane(request.config), LANE_KEY, fresh_release, EXERCISES)
    version = json.loads((fresh_release / "manifest.json").read_text(encoding="utf-8"))["version"]
    inputs = {ex: graded_inputs(ex, version) for ex in EXERCISES}
    return Corpus(graded.scores, graded.results, inputs, fresh_release)


@pytest.fixture(scope="module")
def corpus_scores(corpus: Corpus) -> dict[str, dict[str, ExerciseScore]]:
    return corpus.scores


def describe(score: ExerciseScore) -> str:
    lines = [f"{score.exercise}: {score.score}/{score.max_score} status={score.status} {score.summary_zh}"]
    lines += [f"  [{'x' if t.passed else ' '}] {t.name} {t.score}/{t.max_score}: {t.output_zh}"
              for t in score.tests]
    return "\n".join(lines)


# --- corpus ------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("exercise", EXERCISES)
def test_corpus_verdicts(corpus_scores, exercise):
    scores = corpus_scores[exercise]
    want = expected(exercise)
    assert set(want) == set(scores) == set(variants(exercise)), "expected.json and the corpus files disagree"
    for variant, score in scores.items():
        exp = want[variant]
        passed = {t.name.split(": ", 1)[1] for t in score.tests if t.passed}
        failed = {t.name.split(": ", 1)[1] for t in score.tests if not t.passed}
        context = f"{variant}\n{describe(score)}"
        if exp["verdict"] == "full":
            assert score.score == score.max_score and score.status == "ok", context
        elif exp["verdict"] == "zero":
            assert score.score == 0, context
        elif exp["verdict"] == "below_full":
            assert 0 <= score.score < score.max_score, context
        else:
            assert 0 < score.score < score.max_score, context
        if "status" in exp:
            assert score.status == exp["status"], context
        assert set(exp.get("passed", ())) <= passed, context
        assert set(exp.get("failed", ())) <= failed, context


@pytest.mark.slow
@pytest.mark.parametrize("exercise", EXERCISES)
def test_corpus_shows_every_failure_message(corpus_scores, exercise):
    """Every sub-check fails in at least one variant, with a Chinese explanation of what was observed."""
    ex = load(exercise).EXERCISE
    for sub in ex.subchecks:
        name = f"{exercise}: {sub.name}"
        failing = [t for s in corpus_scores[exercise].values() for t in s.tests
                   if t.name == name and not t.passed]
        assert failing, f"no corpus variant fails {name}"
        assert any(re.search(r"[\u4e00-\u9fff]", t.output_zh.split("未通过", 1)[1]) for t in failing), failing
        print(f"{name} -> {failing[0].output_zh}")


@pytest.mark.slow
def test_feedback_never_states_a_hidden_answer(corpus: Corpus, tmp_path: Path) -> None:
    """Every feedback file of the corpus, grepped for the answers of single-value exercises: the
    measured compile count of the student's own sequence and the compiled artefact's fusion counts."""
    from autograder.exercises import recompile
    from autograder.grade import reports

    from helpers.feedback_leaks import leaks

    files = 0
    for result in corpus.results:
        folder = reports.write_student_files(tmp_path, result.student_id, result)
        count = None
        if "recompile" in result.scores:
            inp = recompile.inputs(SEED, student_id=result.student_id, release_root=corpus.release_root)
            count = recompile.measure_compiles(inp.params["sequence"], inp.params["function"])
        fusion_inputs = corpus.inputs["fusion"] if "fusion" in result.scores else None
        for name in ("feedback.md", "feedback.html"):
            found = leaks((folder / name).read_text(encoding="utf-8"), recompile_count=count,
                          fusion_inputs=fusion_inputs)
            assert not found, f"{result.student_id}/{name}: {found}"
            files += 1
    assert files == 2 * len(corpus.results) >= 2 * 17


def test_leak_detector_finds_stated_answers() -> None:
    """The grep above can fail: the messages the grader used to write are caught."""
    from autograder.exercises import fusion

    from helpers.feedback_leaks import leaks

    inp = fusion.inputs(SEED, structure_seed=SEED)
    count, nbytes = fusion.measure(inp.params)["chain"]
    head = ("### 练习 2:预测重编译次数(`recompile`):0.00 / 10.00\n\n- ❌ 未通过(0.00 / 9.00):{r}\n"
            "### 练习 3:融合与屏障(`fusion`):0.00 / 10.00\n\n- ❌ 未通过(0.00 / 3.00):逐元素链:{f}\n")
    stated = head.format(r="预测 5 次,实测 4 次",
                         f=f"fusion 条数 {count}、bytes accessed {fusion._num(nbytes)}")
    found = leaks(stated, recompile_count=4, fusion_inputs=inp)
    assert any("实测 4" in f for f in found) and any(f.startswith("fusion chain") for f in found), found
    assert any(f.startswith("recompile: 4") for f in found), found
    hidden = head.format(r="预测偏大",
                         f=f"fusion 条数 {count + 1} 偏多、bytes accessed {fusion._num(nbytes + 8)} 偏多")
    assert not leaks(hidden, recompile_count=4, fusion_inputs=inp)


def test_corpus_has_enough_variants():
    for exercise in EXERCISES:
        want = expected(exercise)
        kinds = [v["verdict"] for v in want.values()]
        assert len(want) >= 6 and kinds.count("full") >= 3, exercise  # reference + two written differently
        assert len(kinds) - kinds.count("full") >= 4, exercise  # three mistakes + one bypass at least
        assert all(v["verdict"] in ("full", "zero", "partial", "below_full") for v in want.values())
        assert all(("passed" in v and "failed" in v) for v in want.values() if v["verdict"] == "partial")
        assert all(v.get("failed") for v in want.values() if v["verdict"] == "below_full")


# --- declarations and inputs ---------------------------------------------------------------------


@pytest.mark.parametrize("exercise", EXERCISES)
def test_inputs_are_deterministic_and_fresh(exercise):
    """Same seeds, same inputs. A fresh seed on the same structure keeps the programs (params, shapes)
    and draws other values where there are arrays (histogram and fusion trace fixed ramps); another
    structure gives other programs. The release fixes the recompile sequence: nothing is drawn."""
    mod = load(exercise)
    if mod.EXERCISE.per_student:
        a, b, c, d = mod.inputs(1), mod.inputs(1), mod.inputs(2), mod.inputs(1)
    else:
        a, b = mod.inputs(1, structure_seed=5), mod.inputs(1, structure_seed=5)
        c, d = mod.inputs(2, structure_seed=5), mod.inputs(1, structure_seed=6)
    assert json.dumps(a.params, sort_keys=True) == json.dumps(b.params, sort_keys=True)
    assert a.arrays.keys() == b.arrays.keys()
    assert all(np.array_equal(a.arrays[k], b.arrays[k], equal_nan=True) for k in a.arrays)  # NaN inputs
    assert json.dumps(a.params, sort_keys=True) == json.dumps(c.params, sort_keys=True)
    assert all(a.arrays[k].shape == c.arrays[k].shape for k in a.arrays)
    if a.arrays:
        assert any(not np.array_equal(a.arrays[k], c.arrays[k]) for k in a.arrays)
    if not mod.EXERCISE.per_student:
        assert (json.dumps(a.params, sort_keys=True) != json.dumps(d.params, sort_keys=True)
                or any(a.arrays[k].shape != d.arrays[k].shape for k in a.arrays))


def test_declaring_the_exercises_imports_no_probe_module():
    """The trusted side names each probe (`Exercise.probe_module`) instead of importing it: loading
    the checks of every exercise (as reports, the service or the gradebook do) loads no child-side code
    and no JAX (tests/test_jax_free_parent.py checks the rest of the parent)."""
    script = (
        "import json, sys\n"
        "from autograder.exercises import EXERCISE_IDS, load\n"
        "jax_by = {}\n"
        "for ex_id in EXERCISE_IDS:\n"
        "    before = 'jax' in sys.modules\n"
        "    load(ex_id)\n"
        "    jax_by[ex_id] = not before and 'jax' in sys.modules\n"
        "print(json.dumps({'probes': sorted(m for m in sys.modules if '.probes' in m),\n"
        "                  'jax_by': jax_by, 'jaxcourse': 'jaxcourse' in sys.modules}))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    assert doc["probes"] == []
    # histogram and fusion import JAX when they judge (reference tracing), never when loaded
    assert [ex for ex, loaded in doc["jax_by"].items() if loaded] == []
    assert doc["jaxcourse"] is True  # recompile reads its pool through the course library


@pytest.mark.parametrize("exercise", EXERCISES)
def test_exercise_declaration(exercise):
    from autograder.sandboxed.tamper import _MISSING, resolve

    mod = load(exercise)
    ex = mod.EXERCISE
    assert ex.id == exercise and ex.chapter == "ch02"
    assert ex.max_points == 10
    assert sum(s.gate for s in ex.subchecks) == 1
    assert len({s.name for s in ex.subchecks}) == len(ex.subchecks)
    assert all(re.search(r"[\u4e00-\u9fff]", s.title_zh) for s in ex.subchecks)
    assert all(resolve(name) is not _MISSING for name in ex.relies_on), "relies_on names must resolve"
    assert ex.probe_module == f"autograder.sandboxed.probes.{exercise}"
    probe_module = importlib.import_module(ex.probe_module)
    assert callable(probe_module.probe)
    source = Path(probe_module.__file__).read_text(encoding="utf-8")
    assert "Observation keys" in (probe_module.__doc__ or "")
    assert not re.search(r"^\s*(from|import)\s+autograder", source, re.M), "probes use relative imports only"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_missing_observations_fail_every_subcheck(exercise):
    """A child that wrote nothing useful fails every sub-check with a message; the verdict never crashes."""
    mod = load(exercise)
    for values in ({}, {"defined": True}):
        inp = mod.inputs(3) if mod.EXERCISE.per_student else mod.inputs(3, structure_seed=3)
        outcomes = mod.verdict(inp, Observations(exercise, values))
        assert [o.name for o in outcomes] == [s.name for s in mod.EXERCISE.subchecks]
        assert not any(o.passed for o in outcomes)
        assert all(re.search(r"[\u4e00-\u9fff]", o.detail_zh) for o in outcomes)


# --- histogram -----------------------------------------------------------------------------------------


def test_histogram_parent_walk_agrees_with_the_course_numbers():
    """The parent's reference walk reproduces the histograms the course notes publish."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    from autograder.exercises.histogram import reference_histogram

    def probe_loops(x):
        c, _ = lax.scan(lambda c, _: (jnp.sin(c) * 2.0, None), x, None, length=3)
        y, _ = lax.while_loop(lambda s: s[1] < 5, lambda s: (jnp.cos(s[0]), s[1] + 1), (c, 0))
        return jax.jit(lambda t: jnp.exp(jnp.exp(t)))(y).sum()

    assert dict(reference_histogram(probe_loops, jnp.ones(4))) == {
        "scan": 1, "sin": 1, "mul": 1, "while": 1, "lt": 1, "cos": 1, "add": 1, "jit": 1, "exp": 2,
        "reduce_sum": 1}

    def target(x, flag):
        y = lax.cond(flag, jnp.sin, jnp.cos, x)
        z = jax.jit(lambda t: jax.nn.relu(jnp.sin(t)))(y)
        return jnp.sum(z)

    h = reference_histogram(target, jnp.ones(4), True)
    assert (h["cond"], h["custom_jvp_call"], h["sin"], h["jit"]) == (1, 1, 2, 2)


def test_histogram_gate_target_defeats_text_and_top_level_counting_for_every_seed():
    from collections import Counter

    import jax

    from autograder.exercises import histogram
    from autograder.sandboxed.probes.histogram import build_targets

    for seed in range(12):
        for name, f, args in build_targets(histogram.inputs(0, structure_seed=seed).params):
            ref = histogram.reference_histogram(f, *args)
            jaxpr = jax.make_jaxpr(f)(*args)
            top = Counter(e.primitive.name for e in jaxpr.eqns)
            text = Counter(re.findall(r"= ([a-z_][a-z_0-9]*)", str(jaxpr)))
            assert top != ref, (seed, name)  # every target has sub-jaxprs
            if name == "shared_jit":
                assert text != ref, seed  # a shared sub-jaxpr is printed once


def test_histogram_other_kinds_hold_sub_jaxprs_under_other_param_names_and_share_one():
    """The `sub-jaxpr.other_kinds` target, on every structure: each of its five primitives is there
    with a sub-jaxpr, three of them under a param name other than jaxpr/call_jaxpr/branches (a walk
    by known names misses them), and one jaxpr object sits in more than one slot or equation."""
    import jax
    import jax.extend as je

    from autograder.exercises import histogram
    from autograder.sandboxed.probes.histogram import build_targets

    common = {"jaxpr", "call_jaxpr", "branches", "cond_jaxpr", "body_jaxpr"}
    for seed in range(8):
        params = histogram.inputs(0, structure_seed=seed).params
        [(_, f, args)] = [t for t in build_targets(params) if t[0] == "other_kinds"]
        eqns = jax.make_jaxpr(f)(*args).jaxpr.eqns
        holders = {e.primitive.name: {k for k, v in e.params.items()
                                      if list(je.core.jaxprs_in_params({k: v}))} for e in eqns}
        kinds = ("eval_jaxpr", "shard_map", "custom_vmap_call", "linear_call", "custom_linear_solve")
        assert all(holders.get(n) for n in kinds), holders  # each kind is there and carries its jaxpr
        assert all(not (holders[n] & common)
                   for n in ("custom_vmap_call", "linear_call", "custom_linear_solve")), holders
        ids = [id(j) for e in eqns for j in je.core.jaxprs_in_params(e.params)]
        assert len(ids) > len(set(ids)), seed  # a shared object: closed_call's body, the solve's matvec
        assert sum(e.primitive.name == "eval_jaxpr" for e in eqns) == params["other_kinds"]["call_uses"]


def test_histogram_scatter_target_holds_update_jaxprs_a_known_names_walk_misses():
    """On every structure the `scatter` target has scatter-add and scatter-mul equations whose
    combining function is a bare Jaxpr under `update_jaxpr`, and the reference counts its equations: a
    walk over the param names of the other targets (jaxpr, call_jaxpr, branches, cond_jaxpr,
    body_jaxpr, call, callee, jaxprs) undercounts it."""
    from collections import Counter

    import jax
    import jax.extend as je

    from autograder.exercises import histogram
    from autograder.sandboxed.probes.histogram import build_targets

    names = ("jaxpr", "call_jaxpr", "branches", "cond_jaxpr", "body_jaxpr", "call", "callee", "jaxprs")
    for seed in range(8):
        params = histogram.inputs(0, structure_seed=seed).params
        [(_, f, args)] = [t for t in build_targets(params) if t[0] == "scatter"]
        eqns = jax.make_jaxpr(f)(*args).jaxpr.eqns
        scatters = {e.primitive.name: e for e in eqns if e.primitive.name.startswith("scatter")}
        assert {"scatter-add", "scatter-mul"} <= set(scatters), seed
        assert all(isinstance(e.params["update_jaxpr"], je.core.Jaxpr) for e in scatters.values())
        by_names: Counter = Counter()

        def walk(jaxpr, out=by_names):
            for e in jaxpr.eqns:
                out[e.primitive.name] += 1
                for key in names:
                    value = e.params.get(key)
                    for sub in value if isinstance(value, (tuple, list)) else [value]:
                        if sub is not None:
                            walk(getattr(sub, "jaxpr", sub))

        walk(jax.make_jaxpr(f)(*args).jaxpr)
        assert by_names != histogram.reference_histogram(f, *args), seed


def test_histogram_draws_every_jaxpr_param_name_jax_shows_beyond_a_complete_hand_list():
    """The param names that hold a jaxpr are read off JAX's own equations (`histogram.jaxpr_params`,
    `jaxprs_in_params` one param at a time), never from a list: on every structure the
    `jaxpr_params` target holds names no other target has (remat_opt's `fwd_jaxpr`,
    select_and_scatter's `select_jaxpr` / `scatter_jaxpr`), so a walk over every name of the other
    targets, `update_jaxpr` included, undercounts it."""
    from collections import Counter

    import jax

    from autograder.exercises import histogram
    from autograder.sandboxed.probes.histogram import build_targets

    for seed in range(8):
        targets = build_targets(histogram.inputs(0, structure_seed=seed).params)
        names = {name: {k for ks in histogram.jaxpr_params(f, *args).values() for k in ks}
                 for name, f, args in targets}
        others = set().union(*(v for n, v in names.items() if n != "jaxpr_params"))
        assert "update_jaxpr" in others and "branches" in others, others
        assert names["jaxpr_params"] - others >= {"fwd_jaxpr", "select_jaxpr", "scatter_jaxpr"}, seed
        [(_, f, args)] = [t for t in targets if t[0] == "jaxpr_params"]
        by_names: Counter = Counter()
        known = tuple(sorted(others))

        def walk(jaxpr, out=by_names, known=known):
            for e in jaxpr.eqns:
                out[e.primitive.name] += 1
                for key in known:
                    value = e.params.get(key)
                    for sub in value if isinstance(value, (tuple, list)) else [value]:
                        if sub is not None:
                            walk(getattr(sub, "jaxpr", sub))

        walk(jax.make_jaxpr(f)(*args).jaxpr)
        assert by_names != histogram.reference_histogram(f, *args), seed


def _memo_key_collisions(seed: int) -> dict[str, bool]:
    """For the call plan of `seed`: memo key -> whether some call gets, under that key, the same key
    as an earlier call whose reference histogram differs (a memo keyed so returns a stale result)."""
    import jax
    import numpy as np

    from autograder.exercises import histogram
    from autograder.sandboxed.probes import histogram as probe

    inp = histogram.inputs(0, structure_seed=seed)
    plan, expected = inp.params["calls"], histogram.expected_call_histograms(inp.params)
    steps = plan["steps"]
    hist = [expected[f"calls.{i}"] for i in range(len(steps))]
    fns = [probe.make_call_function(spec) for spec in plan["functions"]]
    args = [probe.call_args(st["arg"]) for st in steps]
    leaves = [jax.tree_util.tree_leaves(a) for a in args]
    avals = [tuple((np.shape(x), str(np.result_type(x))) for x in lv) for lv in leaves]
    fn = [st["fn"] for st in steps]
    raw = [b"".join(np.asarray(x).tobytes() for x in lv) for lv in leaves]
    keys = {
        "shape without dtype": [(k, tuple(map(np.shape, lv))) for k, lv in zip(fn, leaves, strict=True)],
        "code object": [(fns[k].__code__, av) for k, av in zip(fn, avals, strict=True)],
        "data bytes": list(zip(fn, raw, strict=True)),
        # id(): a function made after another one was collected may get its id
        "collected id": [(k in (2, 3), av) for k, av in zip(fn, avals, strict=True)],
        "leaf shapes only (int vs float scalar)": [tuple(np.shape(x) for x in lv) for lv in leaves],
    }
    return {name: any(key[j] == key[i] and hist[j] != hist[i] for i in range(len(steps)) for j in range(i))
            for name, key in keys.items()}


def test_histogram_probe_gives_the_recycled_function_a_collected_ones_id(tmp_path: Path) -> None:
    """The probe itself, with a stand-in for the student's function that records id(f) per call: on
    every structure the call marked `recycled` sees the id of the function collected before it, so a
    memo keyed by id() meets a stale entry."""
    from autograder.exercises import histogram
    from autograder.sandboxed.observe import Recorder
    from autograder.sandboxed.probes import histogram as probe

    for seed in range(6):
        inp = histogram.inputs(0, structure_seed=seed)
        steps = inp.params["calls"]["steps"]
        ids: list[int] = []

        def primitive_histogram(f, *args, ids=ids):
            ids.append(id(f))
            return {}

        probe.probe({"primitive_histogram": primitive_histogram},
                    {"calls": inp.params["calls"]}, Recorder(tmp_path, "histogram"))
        recycled = next(i for i, st in enumerate(steps) if st["why"] == "recycled")
        earlier = {ids[i] for i, st in enumerate(steps[:recycled]) if st["fn"] == steps[recycled]["fn"] - 1}
        assert ids[recycled] in earlier, seed


def test_histogram_call_plan_sets_a_trap_for_each_memo_key():
    """On every structure the call sequence holds, for each memo key a student may use (shape without
    dtype, code object, id after collection, data bytes, leaf shapes that cannot tell an int scalar from
    a float one), two calls the key cannot tell apart whose reference histograms differ; the functions
    whose ids may be reused are never alive together."""
    from autograder.exercises import histogram

    for seed in range(8):
        assert all(_memo_key_collisions(seed).values()), (seed, _memo_key_collisions(seed))
        steps = histogram.inputs(0, structure_seed=seed).params["calls"]["steps"]
        users = [i for i, st in enumerate(steps) if st["fn"] in (2, 3)]
        assert [steps[i]["fn"] for i in users] == [2, 2, 3]  # 2 is collected before 3 is made
        assert {"again", "pytree"} <= {st["why"] for st in steps}


# --- recompile -----------------------------------------------------------------------------------------


def test_recompile_sequence_is_the_released_statement():
    from autograder.exercises.recompile import RELEASE_SEQUENCE

    statements = master_cells("statement", "recompile")
    if not statements:
        pytest.skip("no master notebook")
    block = re.search(r"```python\n(.*?)```", statements[0], re.S)
    assert block, "the statement shows the call sequence in a python code block"

    def norm(text: str) -> list[str]:
        code = (line.split("#")[0].rstrip() for line in text.strip().splitlines())
        return [line for line in code if line]

    assert norm(block.group(1)) == norm(RELEASE_SEQUENCE)


@pytest.mark.slow
def test_recompile_is_judged_against_the_sequence_of_the_graders_student_id(
    tmp_path: Path, fresh_release: Path
) -> None:
    """The same notebook (right for student A's sequence, and claiming B's id in the notebook) scores
    full marks graded as A and 0 graded as B: the grader selects by the id it knows, measured cleanly."""
    missing = missing_prerequisite()
    if missing:
        pytest.skip(f"needs the real grader: {missing}")
    from autograder.exercises import recompile
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission
    from jaxcourse.variants import load_pool, variant_index

    release = ReleaseInfo.load(fresh_release)
    pool = load_pool(release.root / "jaxcourse" / "recompile_pool.json")
    counts = [recompile.measure_compiles(seq, pool.function) for seq in pool.sequences]
    assert len(set(counts)) >= 3, counts  # predictions differ between students
    ids = [f"s{n:03d}" for n in range(200)]
    a = next(i for i in ids if counts[variant_index(i, pool)] != counts[0])
    b = next(i for i in ids if counts[variant_index(i, pool)] != counts[variant_index(a, pool)])
    nb = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("jaxgrade") == {"role": "answer", "exercise": "recompile"}:
            cell["source"] = (f'show_recompile_sequence("{b}")\n'
                              f"predicted_compiles = {counts[variant_index(a, pool)]}\n")
    settings = RunSettings(isolation="bwrap", exercises=("recompile",), build_cache=tmp_path / "cache",
                           scratch_root=tmp_path / "scratch")
    scores = {}
    for sid in (a, b):
        sub = StudentSubmission(sid, f"hash-{sid}", {"ch02": ChapterNotebook("ch02", f"{sid}.ipynb", nb)})
        scores[sid] = grade_submission(sub, release, settings).scores["recompile"]
    assert (scores[a].score, scores[a].status) == (10.0, "ok"), describe(scores[a])
    assert scores[b].score == 0.0, describe(scores[b])
    assert any("预测偏" in t.output_zh for t in scores[b].tests), describe(scores[b])


@pytest.mark.slow
def test_recompile_corpus_is_graded_as_the_students_it_names(corpus: Corpus) -> None:
    """Each recompile entry was graded as a student of the variant its expected.json names; a wrong
    answer scores 0 under a variant whose count is not the example's, and one correct answer keeps full
    points under two variants of different counts (so copying a count cannot pass as one's own)."""
    from autograder.exercises import recompile
    from jaxcourse.variants import load_pool, variant_index

    pool = load_pool(corpus.release_root / "jaxcourse" / "recompile_pool.json")
    counts = [recompile.measure_compiles(seq, pool.function) for seq in pool.sequences]
    want = expected("recompile")
    student = {name: next(r.student_id for r in corpus.results if r.scores.get("recompile") is score)
               for name, score in corpus.scores["recompile"].items()}
    graded_as = {name: variant_index(sid, pool) for name, sid in student.items()}
    assert graded_as == {name: exp.get("variant", 0) for name, exp in want.items()}
    assert any(counts[graded_as[name]] != counts[0] for name, exp in want.items() if exp["verdict"] == "zero")
    by_answer: dict[str, set[int]] = {}
    for name, exp in want.items():
        if exp["verdict"] == "full":
            by_answer.setdefault(exp.get("answer", name), set()).add(counts[graded_as[name]])
    assert any(len(c) >= 2 for c in by_answer.values()), by_answer


def test_recompile_is_measured_in_a_clean_process(monkeypatch):
    """4 compilations (the course's answer), even if the grader's own environment asks for x64;
    several sequences measured in one clean process count as each does alone."""
    from autograder.exercises.recompile import measure_clean, measure_compiles

    assert measure_compiles() == 4
    monkeypatch.setenv("JAX_ENABLE_X64", "1")
    sequence = "f = jax.jit(lambda x: x)\nf(1.0)\nf(2)\nf(jnp.ones(2))\nf(jnp.ones(2) * 5)\n"
    assert measure_clean([sequence], "<lambda>") == [3]  # a fresh subprocess with a cleaned environment
    from autograder.exercises.recompile import RELEASE_FUNCTION, RELEASE_SEQUENCE

    assert measure_clean([sequence, sequence], "<lambda>") == [3, 3]  # each sequence starts afresh
    assert measure_clean([RELEASE_SEQUENCE, RELEASE_SEQUENCE], RELEASE_FUNCTION) == [4, 4]


# --- fusion ----------------------------------------------------------------------------------------------


def test_fusion_parent_measurement_satisfies_the_gate_for_every_seed():
    """A correct answer can always pass the gate: chain == longer chain >= 1 and barrier > chain."""
    from autograder.exercises import fusion

    for seed in range(4):
        m = fusion.measure(fusion.inputs(0, structure_seed=seed).params)
        assert m["chain"][0] >= 1 and m["chain_long"][0] == m["chain"][0] < m["barrier"][0], (seed, m)
        assert m["barrier"][1] > m["chain"][1] and m["bf16"][0] == m["chain"][0], (seed, m)


def test_fusion_repeated_calls_differ_where_a_memo_key_collides():
    """`calls.memo_traps`, on every structure of the first four: each trap case is measured with other
    figures than the earlier case whose memo key it shares (function and shape; function and data
    bytes; code object and avals), so a memo keyed so fails `follows_args`."""
    import numpy as np

    from autograder.exercises import fusion
    from autograder.sandboxed.probes.fusion import build_cases

    for seed in range(4):
        params = fusion.inputs(0, structure_seed=seed).params
        m, cases = fusion.measure(params), {n: (f, a) for n, f, a in build_cases(params)}
        assert cases["same_shape_bf16"][0] is cases["chain"][0]
        assert np.shape(cases["same_shape_bf16"][1][0]) == np.shape(cases["chain"][1][0])
        assert m["same_shape_bf16"] != m["chain"], seed
        assert cases["sum_rows"][0] is cases["sum_flat"][0]
        assert np.asarray(cases["sum_rows"][1][0]).tobytes() == np.asarray(cases["sum_flat"][1][0]).tobytes()
        assert m["sum_rows"] != m["sum_flat"], seed
        assert cases["sum_twin"][0].__code__ is cases["sum_rows"][0].__code__
        assert m["sum_twin"] != m["sum_rows"], seed
        tree, scale = cases["pytree"][1]
        assert isinstance(tree, dict) and type(scale) is float


def test_fusion_branch_case_keeps_fusions_outside_the_entry_computation():
    """`hlo.branch_fusions`, on every structure: the cond case's fusions are mostly in the branch
    computations, so counting the ENTRY computation (or ENTRY and loop bodies) gives fewer."""
    import jax

    from autograder.exercises import fusion
    from autograder.sandboxed.probes.fusion import build_cases
    from jaxcourse import count_fusions

    for seed in range(4):
        params = fusion.inputs(0, structure_seed=seed).params
        [(_, f, args)] = [c for c in build_cases(params) if c[0] == "cond_branches"]
        text = jax.jit(f).lower(*args).compile().as_text()
        entry = text[text.index("ENTRY"):].split("\n}\n")[0]
        assert " conditional(" in text and count_fusions(entry) + 2 <= count_fusions(text), seed


def test_fusion_reader_rejects_a_count_of_the_wrong_type():
    from autograder.exercises import fusion

    inp = fusion.inputs(0, structure_seed=0)
    m = fusion.measure(inp.params)
    values: dict = {"defined": True}
    for case, (count, nbytes) in m.items():
        values |= {f"{case}.result_type": "tuple", f"{case}.length": 2, f"{case}.count_type": "float",
                   f"{case}.count": float(count), f"{case}.bytes_type": "float", f"{case}.bytes": nbytes}
    outcomes = {o.name: o for o in fusion.verdict(inp, Observations("fusion", values))}
    assert not outcomes["result_types"].passed and "float" in outcomes["result_types"].detail_zh
    assert all(o.passed for n, o in outcomes.items() if n != "result_types")


# --- safe_distance -------------------------------------------------------------------------------------


def test_safe_distance_inputs_have_zero_distances_and_defeat_the_identity():
    from autograder.exercises import safe_distance

    for seed in range(10):  # ten structures, each with values of its own
        a = safe_distance.inputs(100 + seed, structure_seed=seed).arrays
        X, Y = a["X"], a["Y"]
        assert X.shape[0] != Y.shape[0] and a["X1"].shape[1] == 1
        d = np.linalg.norm(X[:, None].astype(np.float64) - Y[None].astype(np.float64), axis=-1)
        assert (d == 0).sum() >= 1 and len({tuple(r) for r in X}) < len(X)
        P, Q = a["Xfar"], a["Yfar"]  # the |x|^2 + |y|^2 - 2x.y shortcut in float32 misses 1e-4
        sq = (P * P).sum(1)[:, None] + (Q * Q).sum(1)[None] - 2 * P @ Q.T
        ref = np.linalg.norm(P[:, None].astype(np.float64) - Q[None].astype(np.float64), axis=-1)
        assert np.abs(np.sqrt(np.maximum(sq, 0)) - ref).max() > 1e-4, seed


def test_safe_distance_ulp_apart_rows_and_all_coincident_sets_are_judged():
    """`points.ulp_apart` and `points.all_coincide`, through the verdict: the float64 reference
    gradients recorded as the child would record them score full; a zero gradient between the rows a
    float32 ulp apart (a threshold of 1e-12 on the squared distance) fails grad_matches_analytic, and
    nan where every pair coincides (a rescaling by the largest coordinate) fails the gate."""
    from autograder.exercises import safe_distance
    from autograder.exercises.base import score_outcomes

    for seed in range(4):
        inp = safe_distance.inputs(7 + seed, structure_seed=seed)
        P = inp.arrays["Xulp"]
        assert 0 < safe_distance._dist64(P[:1], P[1:2])[0, 0] < 1e-6
        assert np.sum((P[0].astype(np.float32) - P[1]) ** 2, dtype=np.float32) < 1e-12
        ref, grad_ref = safe_distance._references(inp)
        right = {"defined": True, **{k: v.astype(np.float64 if k == "fwd.f64" else np.float32)
                                     for k, v in {**ref, **grad_ref}.items()}}
        for i, step in enumerate(inp.params["calls"]["steps"]):  # the eager call sequence, in its dtype
            A, B = safe_distance.call_inputs(inp.arrays, step)
            right[f"calls.{i}"] = safe_distance._dist64(A, B).astype(A.dtype)

        def score(values, inp=inp):
            return score_outcomes(safe_distance.EXERCISE,
                                  safe_distance.verdict(inp, Observations("safe_distance", values)))

        assert score(right).score == safe_distance.EXERCISE.max_points
        thresholded = dict(right)
        g = safe_distance._units64(P, P)
        g[0, 1] = g[1, 0] = g[2, 3] = g[3, 2] = 0.0  # the ulp-apart pairs treated as coincident
        thresholded["grad.ulp"] = (2.0 * g.sum(axis=1)).astype(np.float32)
        failed = {t.name for t in score(thresholded).tests if not t.passed}
        assert failed == {"safe_distance: grad_matches_analytic"}, failed
        rescaled = dict(right)
        rescaled["fwd.zeros"] = np.full_like(right["fwd.zeros"], np.nan)
        rescaled["grad.zeros"] = np.full_like(right["grad.zeros"], np.nan)
        assert score(rescaled).score == 0


def test_safe_distance_rejects_float64_results():
    from autograder.exercises import safe_distance

    inp = safe_distance.inputs(0, structure_seed=0)
    a = inp.arrays
    d64 = np.linalg.norm(a["X"][:, None] - a["Y"][None], axis=-1).astype(np.float64)
    obs = Observations("safe_distance", {"defined": True, "fwd.rect": d64})
    outcomes = {o.name: o for o in safe_distance.verdict(inp, obs)}
    assert not outcomes["forward_matches_v1"].passed
    assert "float32" in outcomes["forward_matches_v1"].detail_zh


def test_histogram_any_mapping_with_integer_counts_scores_full() -> None:
    """The reference histograms recorded as a defaultdict (with a zero entry) and as a read-only
    mapping with numpy.str_ keys and 0-d JAX integer counts, as the probe records them: every form
    the public self-check accepts keeps full points."""
    from autograder.exercises import histogram
    from autograder.exercises.base import score_outcomes

    inp = histogram.inputs(0, structure_seed=structure_seed("v", "histogram", 0, index=3))
    expected = {**histogram.expected_histograms(inp.params), **histogram.expected_call_histograms(inp.params)}
    forms = {"collections.defaultdict": ("int", [("never_seen_primitive", 0)]),
             "mappingproxy": ("jaxlib._jax.ArrayImpl", [])}
    for type_name, (value_type, extra) in forms.items():
        values: dict = {"defined": True}
        for target, counts in expected.items():
            items = [*counts.items(), *extra]
            values[f"{target}.type"] = type_name
            values[f"{target}.mapping"] = True
            values[f"{target}.truncated"] = False
            values[f"{target}.entries"] = [{"key": k, "key_type": "str", "value": int(n),
                                            "value_type": value_type} for k, n in items]
        score = score_outcomes(histogram.EXERCISE, histogram.verdict(inp, Observations("histogram", values)))
        assert score.score == histogram.EXERCISE.max_points, (type_name, score.tests)
