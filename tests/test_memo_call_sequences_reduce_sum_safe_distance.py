"""The eager call sequences of `reduce_sum_rules` and `safe_distance` (issue 44, section 1): what each
structure's sequence holds, and that the child's sequence, run on real JAX with corpus answers that
memoise across calls, gives results the parent's judgement of those calls rejects, while the reference
answers pass every call.

The whole grading of these answers (bwrap child, every sub-check) is the corpus tests'
(tests/test_checks_ch05.py, tests/test_checks_ch02.py: `wrong_*memo*` entries); here the sequence runs
in this process, so the id() answers (whose trap depends on this process's allocator history) are left
to them; the recycled arrays both sequences make are tests/test_memo_call_sequences_recycled_arrays.py's."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from autograder.exercises import reduce_sum_rules, safe_distance
from autograder.observations import read_observations
from autograder.sandboxed.observe import Recorder
from autograder.sandboxed.probes import reduce_sum_rules as rsr_probe
from autograder.sandboxed.probes import safe_distance as sd_probe

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "answers"
STRUCTURES = range(12)


def test_reduce_sum_rules_sequence_sets_every_trap_on_every_structure() -> None:
    """jvp and transpose blocks: the same bytes in another shape whose result differs, two fresh arrays
    of one shape with other values (the first before the recycled one), the live array again, the same
    values in float64; the jvp block also another axis on the live tangent; vmap: a fresh pair. The
    order differs between structures."""
    orders = set()
    for seed in STRUCTURES:
        inp = reduce_sum_rules.inputs(7, structure_seed=seed)
        steps = inp.params["calls"]["steps"]
        orders.add(tuple((s["op"], s["why"]) for s in steps))
        for op in ("jvp", "transpose", "vmap"):
            mine = [s for s in steps if s["op"] == op]
            whys = [s["why"] for s in mine]
            fresh = [s for s in mine if s.get("fresh")]
            assert [s["why"] for s in fresh] == ["first", "recycled"], (seed, op)
            a, b = (inp.arrays[s["arg"]] for s in fresh)
            assert a.shape == b.shape and not np.array_equal(a, b)
            if op == "vmap":
                continue
            assert {"reshaped", "again", "dtype"} <= set(whys) and whys.index("first") < whys.index("again")
            live = next(s for s in mine if s["why"] == "first")
            reshaped = next(s for s in mine if s["why"] == "reshaped")
            v, w = (reduce_sum_rules.call_input(inp.arrays, s) for s in (live, reshaped))
            assert v.tobytes() == w.tobytes() and v.shape != w.shape
            assert reshaped["axis"] == live["axis"]  # a memo keyed by bytes and axis collides
            dtype = next(s for s in mine if s["why"] == "dtype")
            d = reduce_sum_rules.call_input(inp.arrays, dtype)
            assert d.dtype == np.float64 and np.array_equal(d, v)
        axis = next(s for s in steps if s["why"] == "axis")
        assert axis["arg"] == "t" and axis["axis"] != next(s for s in steps if s["op"] == "jvp")["axis"]
    assert len(orders) > 1


def test_safe_distance_sequence_sets_every_trap_on_every_structure() -> None:
    orders = set()
    for seed in STRUCTURES:
        inp = safe_distance.inputs(7, structure_seed=seed)
        steps = inp.params["calls"]["steps"]
        whys = [s["why"] for s in steps]
        orders.add(tuple(whys))
        assert sorted(whys) == sorted(["first", "again", "reshaped", "first", "recycled", "dtype"])
        assert whys.index("recycled") == whys.index("first", whys.index("recycled") - 1) + 1
        live = next(s for s in steps if s["why"] == "first" and s["args"] == ["X", "Y"])
        assert whys.index("again") > steps.index(live)
        P, Q = safe_distance.call_inputs(inp.arrays, live)
        R, S = safe_distance.call_inputs(inp.arrays, next(s for s in steps if s["why"] == "reshaped"))
        assert (P.tobytes(), Q.tobytes()) == (R.tobytes(), S.tobytes()) and R.shape != P.shape
        D, E = safe_distance.call_inputs(inp.arrays, next(s for s in steps if s["why"] == "dtype"))
        assert D.dtype == E.dtype == np.float64 and np.array_equal(D, P) and np.array_equal(E, Q)
        fresh = [s for s in steps if s.get("fresh")]
        pairs = [safe_distance.call_inputs(inp.arrays, s) for s in fresh]
        assert [p.shape for p in pairs[0]] == [p.shape for p in pairs[1]] == [P.shape, Q.shape]
        assert not np.array_equal(pairs[0][0], pairs[1][0])
    assert len(orders) > 1


def _setup_cells(notebook: str, marker: str) -> str:
    nb = json.loads((ROOT / "solutions" / notebook).read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"]
             if c.get("metadata", {}).get("jaxgrade", {}).get("role") == "setup"]
    return "\n".join(c for c in cells if marker in c)


def _namespace(exercise: str, answer: str) -> dict:
    """The chapter's setup cells this exercise needs, then the corpus answer, run in a fresh namespace."""
    ns: dict = {}
    if exercise == "reduce_sum_rules":
        exec(_setup_cells("ch05_interop.ipynb", "part 1:"), ns)
        exec(_setup_cells("ch05_interop.ipynb", "custom_reduce_sum_p = Primitive"), ns)
    else:
        exec("import jax\nimport jax.numpy as jnp\nimport numpy as np\n", ns)
    exec((CORPUS / exercise / f"{answer}.py").read_text(encoding="utf-8"), ns)
    return ns


def _failed_calls(exercise: str, answer: str, tmp_path: Path) -> dict[str, list[str]]:
    """The child's call sequence run here on `answer`, recorded by the real Recorder, judged by the
    parent: sub-check -> its problems with the sequence's calls."""
    mod = reduce_sum_rules if exercise == "reduce_sum_rules" else safe_distance
    inp = mod.inputs(11, structure_seed=5)
    raw = {**inp.arrays, **inp.params}
    ns = _namespace(exercise, answer)
    rec = Recorder(tmp_path, exercise)
    if exercise == "reduce_sum_rules":
        prim = ns["custom_reduce_sum_p"]
        rsr_probe._run_calls(rec, raw, rsr_probe.device_inputs(raw),
                             lambda v, axis: prim.bind(v, axis=tuple(int(a) for a in axis)))
    else:
        live = {"X": sd_probe.device_array(raw["X"]), "Y": sd_probe.device_array(raw["Y"])}
        sd_probe._run_calls(rec, raw, live, ns["safe_pairwise_distance"])
    rec.flush()
    obs = read_observations(tmp_path, exercise)
    assert obs is not None
    if exercise == "reduce_sum_rules":
        problems = {}
        for op, sub in (("jvp", "jvp"), ("transpose", "transpose"), ("vmap", "vmap batch dim")):
            c = reduce_sum_rules._Cases(obs)
            reduce_sum_rules._call_cases(c, inp, op)
            assert c.n == sum(s["op"] == op for s in inp.params["calls"]["steps"])
            problems[sub] = c.problems
        return problems
    keys = [f"calls.{i}" for i in range(len(inp.params["calls"]["steps"]))]
    found = [safe_distance._call_forward(obs, inp, k, {}) for k in keys]
    return {"forward_matches_v1": [m for m in found if m]}


@pytest.mark.parametrize(("exercise", "answer", "loses"), [
    ("reduce_sum_rules", "reference", None),
    ("reduce_sum_rules", "alt_shift_in_place", None),
    ("reduce_sum_rules", "wrong_jvp_memo_values_not_dtype", "jvp"),
    ("reduce_sum_rules", "wrong_transpose_memo_bytes", "transpose"),
    ("safe_distance", "reference", None),
    ("safe_distance", "alt_vmap_pairs", None),
    ("safe_distance", "wrong_memo_bytes", "forward_matches_v1"),
    ("safe_distance", "wrong_memo_values_not_dtype", "forward_matches_v1"),
])
def test_the_sequence_rejects_memos_and_keeps_right_answers(exercise: str, answer: str, loses: str | None,
                                                            tmp_path: Path) -> None:
    problems = _failed_calls(exercise, answer, tmp_path)
    assert {sub for sub, found in problems.items() if found} == ({loses} if loses else set()), problems
    assert all("调用序列" in p for found in problems.values() for p in found)



# ---------------------------------------------------------------------- what the sequences compile

def test_reduce_sum_rules_jvp_block_sums_where_the_eager_jvp_case_does() -> None:
    """Eager JAX compiles per primitive, shape and dtype: the jvp block's calls on live, fresh and again
    tangents sum x's shape over the eager `jvp.0` case's axis whenever it keeps an axis (one or two
    summed), so they compile nothing; the reshaped call keeps that axis and its reduced shape differs."""
    for seed in range(30):
        inp = reduce_sum_rules.inputs(7, structure_seed=seed)
        a0 = inp.params["jvp_axes"][0]
        jvp = [s for s in inp.params["calls"]["steps"] if s["op"] == "jvp"]
        shared = [s for s in jvp if s["why"] in ("first", "again", "recycled")]
        if len(a0) < 3:
            assert all(s["axis"] == a0 and s["primal"] == list(inp.arrays["x"].shape) for s in shared), seed
        live = next(s for s in jvp if s["why"] == "first")
        reshaped = next(s for s in jvp if s["why"] == "reshaped")
        v, w = (reduce_sum_rules.call_input(inp.arrays, s) for s in (live, reshaped))
        assert reshaped["axis"] == live["axis"] and v.tobytes() == w.tobytes()
        assert reduce_sum_rules._sum(v, live["axis"]).shape != reduce_sum_rules._sum(w, live["axis"]).shape


def test_safe_distance_sequence_calls_on_the_shapes_of_its_other_cases() -> None:
    """The reshaped call holds the d = 1 case's arrays' shapes (X1 and Y1 hold X's and Y's bytes), the
    float64 call fwd.f64's shapes and dtype, the fresh pairs X's and Y's shapes: three shape-dtype
    pairs in all, each another case's too."""
    for seed in STRUCTURES:
        inp = safe_distance.inputs(7, structure_seed=seed)
        a, steps = inp.arrays, inp.params["calls"]["steps"]
        R, S = safe_distance.call_inputs(a, next(s for s in steps if s["why"] == "reshaped"))
        assert (R.shape, S.shape) == (a["X1"].shape, a["Y1"].shape)
        assert (R.tobytes(), S.tobytes()) == (a["X1"].tobytes(), a["Y1"].tobytes())
        D, E = safe_distance.call_inputs(a, next(s for s in steps if s["why"] == "dtype"))
        assert (D.shape, D.dtype, E.shape, E.dtype) == (a["X64"].shape, a["X64"].dtype, a["Y64"].shape,
                                                        a["Y64"].dtype)
        pairs = {tuple(p.shape for p in safe_distance.call_inputs(a, s))
                 for s in steps if s["why"] != "reshaped"}
        assert pairs == {(a["X"].shape, a["Y"].shape)}


def _compilations_per_key(exercise: str, structure_seed: int, tmp_path: Path) -> dict[str, int]:
    """The whole probe run here on the reference answer: XLA compilations while each key was observed."""
    from jax import monitoring

    count = [0]

    def on_duration(event: str, duration: float, **kwargs: object) -> None:
        count[0] += event == "/jax/core/compile/backend_compile_duration"

    monitoring.register_event_duration_secs_listener(on_duration)
    try:
        mod, probe = ((reduce_sum_rules, rsr_probe) if exercise == "reduce_sum_rules"
                      else (safe_distance, sd_probe))
        inp = mod.inputs(13, structure_seed=structure_seed)
        rec = Recorder(tmp_path, exercise)
        per: dict[str, int] = {}
        observe = rec.observe

        def counted(key: str, fn: object) -> object:
            before = count[0]
            out = observe(key, fn)
            per[key] = count[0] - before
            return out

        rec.observe = counted  # type: ignore[method-assign]
        probe.probe(_namespace(exercise, "reference"), {**inp.arrays, **inp.params}, rec)
    finally:
        monitoring.unregister_event_duration_listener(on_duration)
    return {"steps": inp.params["calls"]["steps"], **per}  # type: ignore[dict-item]


def test_safe_distance_sequence_compiles_only_what_no_other_case_compiles(tmp_path: Path) -> None:
    """On real JAX: the float64 call runs in fwd.f64's eager programs, fwd.d1 in the reshaped call's,
    and every float32 call of X's and Y's shapes (live, fresh, again) in the first one's; only that
    first one and the reshaped call compile."""
    got = _compilations_per_key("safe_distance", 17, tmp_path)
    steps = got.pop("steps")
    same_shapes = [f"calls.{i}" for i, s in enumerate(steps) if s["why"] in ("first", "again", "recycled")]
    free = same_shapes[1:] + [f"calls.{i}" for i, s in enumerate(steps) if s["why"] == "dtype"] + ["fwd.d1"]
    assert {k: got[k] for k in free} == dict.fromkeys(free, 0)


def test_reduce_sum_rules_sequence_compiles_nothing_for_live_fresh_again_jvp_calls(tmp_path: Path) -> None:
    """On real JAX, a structure whose `jvp.0` sums two axes: the jvp block's calls on live, fresh and
    again tangents and the vmap block run in the eager jvp.0 and vmap.pos.0 cases' programs."""
    assert len(reduce_sum_rules.inputs(13, structure_seed=19).params["jvp_axes"][0]) == 2
    got = _compilations_per_key("reduce_sum_rules", 19, tmp_path)
    steps = got.pop("steps")
    free = [f"calls.{i}" for i, s in enumerate(steps)
            if s["op"] == "vmap" or (s["op"] == "jvp" and s["why"] in ("first", "again", "recycled"))]
    assert {k: got[k] for k in free} == dict.fromkeys(free, 0)
