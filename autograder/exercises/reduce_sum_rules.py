"""Exercise `reduce_sum_rules` (chapter 5, exercise 1): JVP, transpose and batching rules of
`custom_reduce_sum_p` (trusted parent side: draws inputs, judges observations).

Every expected value is a NumPy float64 sum / broadcast computed here from the inputs; the child
only reports what the student's rules produced (see autograder/sandboxed/probes/reduce_sum_rules.py
for the observation keys).

Points: every sub-check but the gate compares values with the NumPy references (behaviour). The gate
`primitive kept` (the setup's primitive still appears after grad / vmap) is the taught mechanism: rules
that answer zeros keep it too, so its point counts only with at least one behaviour check. Nothing
registered at all is "unanswered".

Input classes (INPUT_CLASSES, docs/input-classes.md): besides the random cases, every grading draws
the class cases of `_class_cases` (an axis of length 1, repeated sizes, exact cancellation,
float64 under x64, bfloat16, int32) from the student's pool entry; they are judged inside the jvp,
transpose and vmap batch dim sub-checks, so each earns its points only when it holds on all of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from autograder.exercises.base import (
    ArrayCases,
    CheckOutcome,
    Exercise,
    ProbeInputs,
    SubCheck,
    lost,
    mismatch_zh,
    observed_nothing,
    student_error_zh,
    unanswered,
)
from autograder.exercises.call_sequence import CALL_WHY_ZH
from autograder.exercises.class_draws import (
    cancelling,
    class_rng,
    shape_with_repeated_dims,
    shape_with_unit_axis,
)
from autograder.exercises.input_classes import InputClass
from autograder.i18n import N_, _
from autograder.observations import ObservationInvalid, Observations

__all__ = ["EXERCISE", "inputs", "verdict"]

PRIMITIVE = "custom_reduce_sum"
RTOL_VALUE = 1e-5
RTOL_GRAD = 1e-4
SELF_CHECK_SHAPE = (3, 4, 5)

BEHAVIOUR = ("jvp", "transpose", "grad under jit", "vmap batch dim", "vmap negative axes", "nested vmap",
             "vmap of grad", "second order")

# The sub-checks a batching rule earns; one that computes the values without re-binding the
# primitive loses exactly these (the JVP and transpose rules keep their points).
BATCHING = ("vmap batch dim", "vmap negative axes", "nested vmap", "vmap of grad")
BATCHING_DECOY_ZH = N_("batching 规则虽然调用了 custom_reduce_sum_p.bind,但输出并不来自它的结果"
                       "(例如 jnp.sum(...) + 0 * bind(...)),batching 相关各项不计分;JVP 与转置规则的分数保留")
BATCHING_BYPASS_ZH = (N_("vmap 之后的 jaxpr 里没有 custom_reduce_sum 方程:batching 规则没有重新绑定原语"
                      "(例如直接调用 jnp.sum),数值虽然正确,batching 相关各项不计分;JVP 与转置规则的分数保留"))

EXERCISE = Exercise(
    id="reduce_sum_rules",
    chapter="ch05",
    title_zh=N_("练习 1:为 custom_reduce_sum_p 注册 JVP、转置和 batching 规则"),
    subchecks=(
        SubCheck(
            "primitive kept",
            1.0,
            N_("custom_reduce_sum 及其 grad、vmap 仍经过 custom_reduce_sum_p 原语"),
            gate=True,
            counts_with=BEHAVIOUR,
        ),
        SubCheck("jvp", 1.0, N_("JVP 规则:随机切线下切线输出等于 sum(ẋ)")),
        SubCheck("transpose", 1.5, N_("转置规则:jax.linear_transpose 把余切广播回输入形状")),
        SubCheck("grad under jit", 1.0, N_("jit(grad) 下的梯度")),
        SubCheck("vmap batch dim", 1.5, N_("vmap:批维度在每个位置时的结果")),
        SubCheck("vmap negative axes", 1.0, N_("vmap:负数轴与多轴 axis(经 custom_reduce_sum 规范化)")),
        SubCheck("nested vmap", 1.0, N_("嵌套 vmap(jit 下)")),
        SubCheck("vmap of grad", 1.0, N_("vmap(grad):批维度不在最前面时的逐样本梯度")),
        SubCheck("second order", 1.0, N_("二阶导数:前向/反向模式组合的 Hessian-向量积")),
    ),
    relies_on=(
        "jax.jit",
        "jax.vmap",
        "jax.grad",
        "jax.jvp",
        "jax.linear_transpose",
        "jax.make_jaxpr",
        "jax.extend.core.Primitive.bind",
    ),
)


# ---------------------------------------------------------------------------------------------- inputs

def _subset(rng: np.random.Generator, ndim: int, *, allow_full: bool = True) -> list[int]:
    """A random non-empty sorted subset of range(ndim)."""
    sizes = range(1, ndim + 1 if allow_full else ndim)
    k = int(rng.choice(list(sizes)))
    return sorted(int(a) for a in rng.choice(ndim, size=k, replace=False))


def _normal(rng: np.random.Generator, shape: tuple[int, ...], scale: float = 1.0) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def _reduced(shape: tuple[int, ...], axis: list[int]) -> tuple[int, ...]:
    return tuple(d for i, d in enumerate(shape) if i not in axis)


def _negative_spec(rng: np.random.Generator, ndim: int) -> int | list[int]:
    """An axis spec with at least one negative entry: an int or a list of distinct axes."""
    if rng.random() < 0.3:
        return -int(rng.integers(1, ndim + 1))
    axes = _subset(rng, ndim, allow_full=False) if ndim > 1 else [0]
    if len(axes) == 1:
        axes.append((axes[0] + 1) % ndim)
    spec = [a - ndim if rng.random() < 0.6 else a for a in axes]
    if all(a >= 0 for a in spec):
        spec[0] -= ndim
    return [int(a) for a in rng.permutation(spec)]


def _moves_batch_dim(case: dict, ndim: int) -> bool:
    """Whether the batching rule must put the result's batch dimension somewhere else than at its
    input position and than last: a rule that reports it unchanged, or clamps it to the end, only
    gives wrong results on such a case. `case`: {"in_axes", "axis"} of an input with `ndim` batched
    dimensions, `axis` in the unbatched numbering (an int or list, negative allowed)."""
    bd = case["in_axes"]
    axes = _norm_axis(case["axis"], ndim - 1)
    out = bd - sum(a < bd for a in axes)
    return out not in (bd, ndim - len(axes) - 1)


def _vmap_pos(rng: np.random.Generator) -> list[dict]:
    """The batch dimension at each of the 4 positions, in random order."""
    while True:
        cases = []
        for k in rng.permutation(4):
            axis = _subset(rng, 3)
            if k > 0 and min(axis) >= k:  # some reduced axis before the batch dimension: shifts matter
                axis = sorted({*axis, int(rng.integers(0, k))})
            cases.append({"in_axes": int(k), "axis": axis})
        if any(_moves_batch_dim(c, 4) for c in cases):
            return cases


def _vmap_neg(rng: np.random.Generator) -> list[dict]:
    while True:
        cases = [{"in_axes": int(rng.integers(0, 4)), "axis": _negative_spec(rng, 3)} for _unused in range(3)]
        if any(_moves_batch_dim(c, 4) for c in cases):
            return cases


def _vmap_nested(rng: np.random.Generator) -> list[dict]:
    """Two nested cases; in one, the inner or the outer rule moves the result's batch dimension."""
    while True:
        cases = []
        for _unused in range(2):
            inner_shape = tuple(int(d) for d in rng.choice(np.arange(2, 7), size=2, replace=False))
            inner, outer = int(rng.integers(0, 3)), int(rng.integers(0, 4))
            b_in, b_out = (int(b) for b in rng.choice(np.arange(2, 6), size=2, replace=False))
            cases.append({"inner": inner, "outer": outer, "axis": _subset(rng, 2), "inner_shape": inner_shape,
                          "b_in": b_in, "b_out": b_out})
        for c in cases:  # the outer rule sees the axes the inner rule shifted past its batch dimension
            c["outer_axis"] = [a + 1 if a >= c["inner"] else a for a in c["axis"]]
        if any(_moves_batch_dim({"in_axes": c["inner"], "axis": c["axis"]}, 3)
               or _moves_batch_dim({"in_axes": c["outer"], "axis": c["outer_axis"]}, 4) for c in cases):
            return cases


def _vmap_grad(rng: np.random.Generator) -> tuple[list[int], int]:
    while True:
        axis, in_axes = _subset(rng, 3, allow_full=False), int(rng.integers(1, 4))
        if _moves_batch_dim({"in_axes": in_axes, "axis": axis}, 4):
            return axis, in_axes


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Shapes, axes, in_axes and batch sizes from the structure seed (`rng`); every array's values
    from `seed` (`values`). Each batching sub-check has a case where the result's batch dimension
    moves to a position that is neither its input position nor the last (`_moves_batch_dim`)."""
    rng, values = np.random.default_rng(structure_seed), np.random.default_rng(seed)
    shape = tuple(int(d) for d in rng.choice(np.arange(2, 8), size=3, replace=False))
    if shape == SELF_CHECK_SHAPE:  # never the public self-check's input
        shape = shape[::-1]
    all_subsets = [list(c) for k in (1, 2, 3) for c in itertools.combinations(range(3), k)]
    order = rng.permutation(len(all_subsets))
    jvp_axes = [all_subsets[i] for i in order[:3]]
    transpose_axes = [all_subsets[i] for i in order[3:6]] + [[0, 1, 2]]
    grad_axis = _subset(rng, 3, allow_full=False)
    batch = int(rng.integers(2, 6))
    vmap_pos = _vmap_pos(rng)
    vmap_neg = _vmap_neg(rng)
    nested = _vmap_nested(rng)
    vg_axis, vg_in = _vmap_grad(rng)
    hess_axis = _subset(rng, 3, allow_full=False)

    arrays: dict[str, np.ndarray] = {"x": _normal(values, shape), "t": _normal(values, shape)}
    for i, axis in enumerate(transpose_axes):
        arrays[f"ct_{i}"] = _normal(values, _reduced(shape, axis))
    arrays["w_grad"] = _normal(values, _reduced(shape, grad_axis))
    for i, case in enumerate(vmap_pos):
        k = case["in_axes"]
        arrays[f"xb_{i}"] = _normal(values, shape[:k] + (batch,) + shape[k:])
    for j, case in enumerate(vmap_neg):
        k = case["in_axes"]
        arrays[f"xg_{j}"] = _normal(values, shape[:k] + (batch,) + shape[k:])
    for j, c in enumerate(nested):
        mid = c["inner_shape"][:c["inner"]] + (c["b_in"],) + c["inner_shape"][c["inner"]:]
        arrays[f"xn_{j}"] = _normal(values, mid[:c["outer"]] + (c["b_out"],) + mid[c["outer"]:])
    vmap_nested = [{"inner": c["inner"], "outer": c["outer"], "axis": c["axis"]} for c in nested]
    arrays["xv"] = _normal(values, shape[:vg_in] + (batch,) + shape[vg_in:])
    arrays["wv"] = _normal(values, _reduced(shape, vg_axis))
    arrays["x2"] = _normal(values, shape, 0.5)
    arrays["v2"] = _normal(values, shape)
    arrays["w2"] = _normal(values, _reduced(shape, hess_axis))

    params = {"jvp_axes": jvp_axes, "transpose_axes": transpose_axes, "grad_axis": grad_axis,
              "vmap_pos": vmap_pos, "vmap_neg": vmap_neg, "vmap_nested": vmap_nested,
              "vmap_grad": {"in_axes": vg_in, "axis": vg_axis}, "hess_axis": hess_axis,
              # the shift of the impl in the batching-effect run: k/8 in [1, 4), from its own stream
              "effect_marker": float(np.random.default_rng([structure_seed, 40]).integers(8, 32)) / 8}
    class_arrays, class_params = _class_cases(structure_seed, values, shape, batch)
    arrays.update(class_arrays)
    params["classes"] = class_params
    edge_arrays, params["vmap_edges"] = _vmap_edges(structure_seed, values)
    arrays.update(edge_arrays)
    arrays["e_noax_ct"] = _normal(values, shape)  # transpose over axis=(): the cotangent comes back as it is
    params["calls"] = _call_plan(structure_seed, shape, jvp_axes[0], vmap_pos[0])
    arrays.update(_call_arrays(values, params["calls"], shape, arrays["xb_0"].shape))
    return ProbeInputs(seed, arrays, params)


# ----------------------------------------------------------------------------------------- call sequence

# Why a call of the eager call sequence is there (translated where read).
_CALL_ZH: dict[str, str] = {**CALL_WHY_ZH, "axis": N_("同一个数组对象、另一组求和轴")}
_CALL_OP_ZH: dict[str, str] = {"jvp": N_("jvp 的切线"), "transpose": "linear_transpose", "vmap": "vmap"}


def _call_plan(structure_seed: int, shape: tuple[int, ...], jvp_axis: list[int], first_vmap: dict) -> dict:
    """The eager call sequence (probe `_run_calls`): the rules meet concrete arrays one call after the
    other, so a memo a rule keeps across calls (by id(), by the data's bytes, by values but not dtype,
    by the array but not the axis) returns a stale result. Its order, the transpose block's summed
    axis and the other axis come from the class's own generator (the student's pool entry).

    Blocks, in a drawn order: jvp (the JVP rule) on the live tangent `t`, the same bytes in another
    shape (a kept size swapped with another, so the reduced shape differs), two fresh tangents of
    `t`'s shape the first dropped before the second is made, the live tangent over another axis, the
    same values in float64 (x64); linear_transpose (the transpose rule) likewise on cotangents; vmap
    (the batching rule) on two fresh arrays of the eager `vmap.pos.0` case. A call again on a live
    array follows the first call of the jvp and transpose blocks somewhere later.

    What is compiled already costs only dispatch (eager JAX compiles per primitive, shape and dtype):
    the jvp block sums over `jvp_axis` (the eager `jvp.0` case: x's shape, float32) whenever it keeps
    an axis, so its live, fresh and again calls compile nothing, and the vmap block reuses `vmap.pos.0`.
    The transpose block sums over one axis (`jvp_axis` when it is one), so its reshaped call can swap
    the two kept sizes and the cotangent keeps its bytes; each rule's reshaped call keeps its block's
    axis (a memo keyed by bytes and axis collides)."""
    r = class_rng(structure_seed, EXERCISE.id, "calls.memo_traps")
    a_tr = jvp_axis if len(jvp_axis) == 1 else [int(r.integers(0, 3))]
    a = jvp_axis if len(jvp_axis) < 3 else a_tr  # summing every axis leaves no size to swap
    other = [sub for sub in ([0], [1], [2], [0, 1], [0, 2], [1, 2]) if sub != a]
    b = other[int(r.integers(0, len(other)))]
    full = list(shape)

    def step(op: str, arg: str, why: str, **more) -> dict:
        return {"op": op, "arg": arg, "axis": a if op == "jvp" else a_tr, "primal": full, "why": why, **more}

    jvp = [step("jvp", "t", "first"), step("jvp", "t", "reshaped", primal=_swap_kept(shape, a)),
           step("jvp", "q_t0", "first", fresh=True), step("jvp", "q_t1", "recycled", fresh=True),
           step("jvp", "t", "axis", axis=b), step("jvp", "t", "dtype", dtype="float64")]
    transpose = [step("transpose", "q_ct", "first"),
                 step("transpose", "q_ct", "reshaped", primal=_swap_kept(shape, a_tr)),
                 step("transpose", "q_ct0", "first", fresh=True),
                 step("transpose", "q_ct1", "recycled", fresh=True),
                 step("transpose", "q_ct", "dtype", dtype="float64")]
    vmap = [{"op": "vmap", "arg": f"q_xb{j}", "axis": list(first_vmap["axis"]),
             "in_axes": first_vmap["in_axes"], "why": why, "fresh": True}
            for j, why in enumerate(("first", "recycled"))]
    blocks = [jvp, transpose, vmap]
    steps = [st for i in r.permutation(3) for st in blocks[int(i)]]
    for op in ("jvp", "transpose"):  # its live array again, somewhere after its first call
        first = next(i for i, st in enumerate(steps) if st["op"] == op and st["why"] == "first")
        at = int(r.integers(first + 1, len(steps) + 1))
        steps.insert(at, {**steps[first], "why": "again"})
    return {"steps": steps}


def _swap_kept(shape: tuple[int, ...], axis: list[int]) -> list[int]:
    """`shape` with its first kept size swapped with the other kept one (one summed axis: the reduced
    shape holds the same number of elements, so a cotangent keeps its bytes) or with the first summed
    one (two summed axes): the sizes are distinct, so the reduced shape differs either way."""
    kept = [k for k in range(len(shape)) if k not in axis]
    other = kept[1] if len(kept) > 1 else axis[0]
    swapped = list(shape)
    swapped[kept[0]], swapped[other] = shape[other], shape[kept[0]]
    return swapped


def _call_arrays(values: np.random.Generator, plan: dict, shape: tuple[int, ...],
                 xb_shape: tuple[int, ...]) -> dict[str, np.ndarray]:
    """The sequence's own arrays (values from `values`): fresh tangents of x's shape, the live and the
    fresh cotangents of the summed axis, fresh batched inputs of the eager vmap case's shape."""
    axis = next(st["axis"] for st in plan["steps"] if st["op"] == "transpose")
    ct_shape = _reduced(shape, axis)
    return {"q_t0": _normal(values, shape), "q_t1": _normal(values, shape), "q_ct": _normal(values, ct_shape),
            "q_ct0": _normal(values, ct_shape), "q_ct1": _normal(values, ct_shape),
            "q_xb0": _normal(values, xb_shape), "q_xb1": _normal(values, xb_shape)}


def call_input(a: dict[str, np.ndarray], step: dict) -> np.ndarray:
    """The array step `step` hands the rule: its input's bytes in the step's shape (a tangent takes the
    primal's shape, a cotangent the primal's shape reduced over the axis), cast to its dtype."""
    x = a[step["arg"]]
    if step["op"] == "jvp":
        x = x.reshape(step["primal"])
    elif step["op"] == "transpose":
        x = x.reshape(_reduced(tuple(step["primal"]), step["axis"]))
    return x.astype(step.get("dtype", x.dtype))


def call_primal(a: dict[str, np.ndarray], step: dict) -> np.ndarray:
    """A jvp step's primal: x's bytes in the step's shape and dtype."""
    return a["x"].reshape(step["primal"]).astype(step.get("dtype", a["x"].dtype))


def _call_cases(c: _Cases, inp: ProbeInputs, op: str) -> None:
    """Each call of the eager call sequence made by `op`, against the float64 reference on its own input."""
    for i, step in enumerate(inp.params.get("calls", {}).get("steps", ())):
        if step["op"] != op:
            continue
        v = call_input(inp.arrays, step)
        axis = step["axis"]
        what = _("eager 调用序列第 {n} 次:{op}(axis={axis})({why}),输入形状 {shape}").format(
            n=i + 1, op=_(_CALL_OP_ZH[op]), axis=tuple(axis), why=_(_CALL_ZH[step["why"]]), shape=v.shape)
        if op == "jvp":
            expected, scale = _sum(v, axis), _sum(np.abs(v), axis)
        elif op == "transpose":
            expected, scale = _broadcast_back(v, axis, tuple(step["primal"])), None
        else:
            per = np.moveaxis(v.astype(np.float64), step["in_axes"], 0)
            ax1 = [ax + 1 for ax in axis]
            expected, scale = _sum(per, ax1), _sum(np.abs(per), ax1)
        if step.get("dtype") == "float64":
            saved, c.dtype = c.dtype, "float64"
            try:
                floor = 64 * 2.0 ** -53 * max(1.0, float(np.max(np.abs(scale if scale is not None else v))))
                ArrayCases.close(c, f"calls.{i}", expected, what, rtol=1e-12, atol=floor)
            finally:
                c.dtype = saved
        else:
            c.close(f"calls.{i}", expected, what, scale=scale)


# Batch sizes and example ranks at the ends of what vmap admits, judged under `vmap batch dim` (in
# the same jitted call as the class cases): a batch of 0 (a rule that loops over the examples and
# stacks them raises), a batch of 1 (a rule that squeezes drops it), `axis=()` under vmap (a rule
# that reads an empty axis as "every axis" sums the example away) and vmap over 0-d examples.
VMAP_EDGES = ("b0", "b1", "noax", "scalar")


def _vmap_edges(structure_seed: int, values: np.random.Generator) -> tuple[dict[str, np.ndarray], dict]:
    """`e_<case>_xb` and {"axis", "in_axes"} of each VMAP_EDGES case; shapes, axes and batch positions
    from the class's own generator, values from `values`."""
    arrays: dict[str, np.ndarray] = {}
    params: dict[str, dict] = {}
    for case, batch, ndim in (("b0", 0, 2), ("b1", 1, 3), ("noax", None, 2), ("scalar", None, 0)):
        r = class_rng(structure_seed, EXERCISE.id, f"vmap.{case}")
        shape = tuple(int(d) for d in r.choice(np.arange(2, 7), size=ndim, replace=False))
        axis = [] if case in ("noax", "scalar") else _subset(r, ndim)
        k = int(r.integers(0, ndim + 1))
        b = int(r.integers(2, 6)) if batch is None else batch
        arrays[f"e_{case}_xb"] = _normal(values, shape[:k] + (b,) + shape[k:])
        params[case] = {"axis": axis, "in_axes": k}
    return arrays, params


# The class cases (`CLASS_CASES`): each is judged by jvp (primal and tangent of bind over `axis`),
# transpose (cotangent over `axis`) and vmap batch dim (bind over `axis` with the batch at
# `in_axes`), except int32 (vmap only: integer inputs have no tangents).
CLASS_CASES = ("unit", "rep", "cancel", "f64", "bf16", "int32")
CANCEL_MAGNITUDE = 1.0e4


def _bf16_exact(values: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Multiples of 1/4 in [-4, 4]: exact in bfloat16, and every sum of up to 7 of them too, so a
    right bfloat16 answer is exact and any other rounding is wrong."""
    return (values.integers(-16, 17, size=shape) / 4.0).astype(np.float32)


def _class_cases(structure_seed: int, values: np.random.Generator, shape: tuple[int, ...],
                 batch: int) -> tuple[dict[str, np.ndarray], dict[str, dict]]:
    """Arrays and {"axis", "in_axes"} of each class case. The boundary (which axis has length 1,
    which sizes repeat, which entries cancel, the axes and batch positions) comes from the class's
    own generator (class_draws.class_rng: the student's pool entry), the free values from `values`."""
    arrays: dict[str, np.ndarray] = {}
    params: dict[str, dict] = {}

    def rng(name: str) -> np.random.Generator:
        return class_rng(structure_seed, EXERCISE.id, name)

    def add(case: str, x: np.ndarray, t: np.ndarray | None, axis: list[int], in_axes: int,
            xb: np.ndarray) -> None:
        arrays[f"c_{case}_x"], arrays[f"c_{case}_xb"] = x, xb
        if t is not None:
            arrays[f"c_{case}_t"] = t
            arrays[f"c_{case}_ct"] = (_bf16_exact(values, _reduced(x.shape, axis)) if case == "bf16"
                                      else _normal(values, _reduced(x.shape, axis)).astype(x.dtype))
        params[case] = {"axis": axis, "in_axes": in_axes}

    def batched(x_shape: tuple[int, ...], k: int) -> tuple[int, ...]:
        return x_shape[:k] + (batch,) + x_shape[k:]

    r = rng("shape.axis_length_1")  # the unit axis is kept: a rule that squeezes drops it
    ushape = shape_with_unit_axis(r, 3)
    unit = ushape.index(1)
    axis = sorted(int(a) for a in r.choice([a for a in range(3) if a != unit],
                                           size=int(r.integers(1, 3)), replace=False))
    k = int(r.integers(0, 4))
    add("unit", _normal(values, ushape), _normal(values, ushape), axis, k,
        _normal(values, batched(ushape, k)))

    r = rng("shape.repeated_dims")  # equal sizes, the middle one reduced: an axis found by size is wrong
    rshape = shape_with_repeated_dims(r, 3)
    axis = [1]
    k = int(r.integers(0, 4))
    add("rep", _normal(values, rshape), _normal(values, rshape), axis, k, _normal(values, batched(rshape, k)))

    r = rng("magnitude.cancellation")  # every reduced cell sums to exactly 0 from terms of ~1e4
    axis = _subset(r, 3)
    k = int(r.integers(0, 4))
    xb_axis = tuple(a + 1 if a >= k else a for a in axis)
    add("cancel", cancelling(r, values, shape, tuple(axis), CANCEL_MAGNITUDE),
        cancelling(r, values, shape, tuple(axis), CANCEL_MAGNITUDE), axis, k,
        cancelling(r, values, batched(shape, k), xb_axis, CANCEL_MAGNITUDE))

    r = rng("dtype.float64")  # under x64: a rule that casts to float32 loses the dtype or the digits
    axis, k = _subset(r, 3, allow_full=False), int(r.integers(0, 4))
    add("f64", values.standard_normal(shape), values.standard_normal(shape), axis, k,
        values.standard_normal(batched(shape, k)))

    r = rng("dtype.bfloat16")  # sent as float32, cast to bfloat16 in the child; one axis (<= 7 terms)
    axis, k = [int(r.integers(0, 3))], int(r.integers(0, 4))
    add("bf16", _bf16_exact(values, shape), _bf16_exact(values, shape), axis, k,
        _bf16_exact(values, batched(shape, k)))

    r = rng("dtype.int32")
    axis, k = _subset(r, 3, allow_full=False), int(r.integers(0, 4))
    xi = values.integers(-50, 51, size=batched(shape, k)).astype(np.int32)
    add("int32", xi[(slice(None),) * k + (0,)], None, axis, k, xi)
    return arrays, params


# --------------------------------------------------------------------------------------------- verdict

class _Cases(ArrayCases):
    def close(self, key: str, expected: np.ndarray, what_zh: str, rtol: float = RTOL_VALUE,
              scale: np.ndarray | float | None = None) -> None:
        """`scale`: the magnitude of the terms that make up `expected` (e.g. sum |x| for sum x), the
        floor of the absolute tolerance: an exact 0 that float32 reaches by cancellation is right."""
        super().close(key, expected, what_zh, rtol=rtol, scale=scale)


def _sum(x: np.ndarray, axis: list[int]) -> np.ndarray:
    return np.sum(np.asarray(x, np.float64), axis=tuple(axis))


def _broadcast_back(r: np.ndarray, axis: list[int], shape: tuple[int, ...]) -> np.ndarray:
    return np.broadcast_to(np.expand_dims(np.asarray(r, np.float64), tuple(axis)), shape)


def _norm_axis(spec: int | list[int], ndim: int) -> list[int]:
    return sorted(a % ndim for a in (spec if isinstance(spec, list) else [spec]))


def _check_primitive(obs: Observations) -> CheckOutcome:
    name = "primitive kept"
    try:
        cls = obs.text("prim.class")
        if cls != "jax._src.core.Primitive" or obs.raw("prim.bind_overridden") is not False:
            return CheckOutcome(
                name,
                False,
                _("custom_reduce_sum_p 不再是章节准备代码中的原语(类型 {value},或其 bind 被替换)").format(
                    value=cls[:80]
                ),
            )
        forward = obs.raw("jaxpr.forward")
    except ObservationInvalid as exc:
        return CheckOutcome(
            name,
            False,
            _("custom_reduce_sum 的 jaxpr:{value}").format(
                value=student_error_zh(obs, exc.key) or exc.message_zh
            ),
        )
    if not isinstance(forward, list) or PRIMITIVE not in forward:
        return CheckOutcome(
            name,
            False,
            _(
                "custom_reduce_sum(x, axis) 的 jaxpr 里没有 custom_reduce_sum 方程:"
                "它被换成了别的实现(例如 jnp.sum),没有经过原语"
            ),
        )
    traced = []
    if obs.error("jaxpr.grad") is None:  # a missing rule is judged by the sub-checks that need it
        names = obs.values.get("jaxpr.grad")
        if not isinstance(names, list) or PRIMITIVE not in names:
            return CheckOutcome(name, False, _("grad 之后的 jaxpr 里没有 custom_reduce_sum 方程:"
                                             "JVP 或转置规则绕开了原语(例如直接调用 jnp.sum)"))
        traced.append("grad")
    # A batching rule that bypasses the primitive costs the vmap sub-checks only (`_batching_bypass`);
    # here it neither fails the gate nor counts as a rule that went through the primitive.
    if _batching_bypass(obs) is False:
        traced.append("vmap")
    if not traced:
        # The setup alone keeps the primitive in the forward pass: with neither grad nor vmap
        # tracing, no rule of the student's went through it, so there is nothing to credit.
        return CheckOutcome(name, False, _("grad 和 vmap 都无法经过 custom_reduce_sum_p:"
                                         "还没有注册可用的 JVP 或 batching 规则"))
    seen = _("、").join([_("前向"), *traced])
    rules = obs.values.get("rules")
    missing = [zh for key, zh in (("jvp", "JVP"), ("transpose", _("转置")), ("batching", "batching"))
               if isinstance(rules, dict) and rules.get(key) is False]
    note = _("(尚未注册的规则:{join})").format(join=_('、').join(missing)) if missing else ""
    return CheckOutcome(
        name, True, _("{seen} 的 jaxpr 都含有 custom_reduce_sum 方程{note}").format(seen=seen, note=note)
    )


def _batching_bypass(obs: Observations, marker: float | None = None) -> bool | None:
    """True when the forward pass keeps the primitive and vmap traced, but its jaxpr has no
    custom_reduce_sum equation (the batching rule computes the values without re-binding the
    primitive), or the equation is there but the effect run shows its result unused (`marker`: the
    impl's shift, `_result_unused`); False when vmap kept and used the primitive; None when vmap did
    not trace at all (no batching rule: the vmap sub-checks fail on their own) or the forward pass
    already bypasses it (the gate)."""
    forward = obs.values.get("jaxpr.forward")
    if not (isinstance(forward, list) and PRIMITIVE in forward):
        return None
    if obs.error("jaxpr.vmap") is not None or "jaxpr.vmap" not in obs.values:
        return None
    names = obs.values.get("jaxpr.vmap")
    if not (isinstance(names, list) and PRIMITIVE in names):
        return True
    return _result_unused(obs, marker)


def _result_unused(obs: Observations, marker: float | None) -> bool:
    """True when the effect run shows the batching rule's output does not follow the primitive's
    result: an element did not move by at least half the impl's shift (a decoy bind)."""
    if marker is None or obs.error("vmap.effect") is not None or "vmap.effect" not in obs.values:
        return False  # no effect run: the jaxpr test alone decides
    try:
        moved = obs.array("vmap.effect", kinds="f")
    except ObservationInvalid:
        return True
    return bool(moved.size) and not bool(np.all(np.abs(moved) >= 0.5 * marker))


def _hvp_expected(x: np.ndarray, v: np.ndarray, w: np.ndarray, axis: list[int]) -> np.ndarray:
    """H v of g(x) = sum(w * sin(sum_axis(x*x))), in float64."""
    x, v, w = (np.asarray(a, np.float64) for a in (x, v, w))
    s = _sum(x * x, axis)
    r = _sum(2 * x * v, axis)
    return (2 * v * _broadcast_back(w * np.cos(s), axis, x.shape)
            + 2 * x * _broadcast_back(-w * np.sin(s) * r, axis, x.shape))


def _hvp_scale(x: np.ndarray, v: np.ndarray, w: np.ndarray, axis: list[int]) -> np.ndarray:
    """The terms of `_hvp_expected` in absolute value: how large the float32 rounding of a right
    answer can be where the terms cancel (a second derivative that is exactly 0)."""
    x, v, w = (np.asarray(a, np.float64) for a in (x, v, w))
    s = _sum(x * x, axis)
    r = _sum(np.abs(2 * x * v), axis)
    return (np.abs(2 * v) * _broadcast_back(np.abs(w), axis, x.shape)
            + np.abs(2 * x) * _broadcast_back(np.abs(w) * r, axis, x.shape) * (1 + np.abs(s).max(initial=0)))


def _vmap_grad_case(c: _Cases, inp: ProbeInputs) -> None:
    """Per-example gradients of sum(w * crs(v, axis) ** 2) with the batch dimension off axis 0."""
    a, vg = inp.arrays, inp.params["vmap_grad"]
    per = np.moveaxis(a["xv"].astype(np.float64), vg["in_axes"], 0)
    ax1 = [ax + 1 for ax in vg["axis"]]
    r = 2 * a["wv"].astype(np.float64)[None] * _sum(per, ax1)
    r_abs = 2 * np.abs(a["wv"].astype(np.float64))[None] * _sum(np.abs(per), ax1)
    c.close("vmap_grad", _broadcast_back(r, ax1, per.shape),
            f"vmap(grad, in_axes=({vg['in_axes']}, None)),axis={tuple(vg['axis'])}", RTOL_GRAD,
            _broadcast_back(r_abs, ax1, per.shape))


def _second_order(c: _Cases, inp: ProbeInputs) -> None:
    """The four Hessian-vector products of g(v) = sum(w2 * sin(sum_axis(v*v))) against float64."""
    a, hax = inp.arrays, inp.params["hess_axis"]
    hv = _hvp_expected(a["x2"], a["v2"], a["w2"], hax)
    hv_scale = _hvp_scale(a["x2"], a["v2"], a["w2"], hax)
    vhv = np.asarray(np.sum(hv * a["v2"].astype(np.float64)))
    vhv_scale = np.sum(hv_scale * np.abs(a["v2"].astype(np.float64)))
    c.close("hess.fwd_fwd", vhv, _("jvp(jvp) 的二阶方向导数"), RTOL_GRAD, vhv_scale)
    for key, what in (("hess.fwd_rev", "jvp(grad)"), ("hess.rev_rev", "grad(grad)"),
                      ("hess.rev_fwd", "grad(jvp)")):
        c.close(key, hv, _("{what} 的 Hessian-向量积").format(what=what), RTOL_GRAD, hv_scale)


DTYPE_CASES = ("f64", "bf16")
DTYPE_NAME = {"f64": "float64", "bf16": "bfloat16"}
DTYPE_ZH = {"f64": "float64(x64)", "bf16": "bfloat16"}


def _class_vmap(inp: ProbeInputs, case: str, *, edge: bool = False) -> tuple[np.ndarray, list[int], str]:
    """The per-example view of a class (or `vmap_edges`) case's batched input, the axes to sum over it,
    and its label."""
    c = inp.params["vmap_edges" if edge else "classes"][case]
    xb = inp.arrays[f"e_{case}_xb" if edge else f"c_{case}_xb"]
    per = np.moveaxis(xb.astype(np.float64) if xb.dtype.kind == "f" else xb, c["in_axes"], 0)
    what = _("vmap(in_axes={in_axes}, axis={axis}),输入形状 {shape}").format(
        in_axes=c["in_axes"], axis=tuple(c["axis"]), shape=xb.shape
    )
    return per, [ax + 1 for ax in c["axis"]], what


def _typed_case(c: _Cases, key: str, expected: np.ndarray, case: str, what: str, scale: np.ndarray) -> None:
    """A float64 or bfloat16 case: the result keeps the input's dtype and is right to that dtype's
    precision (float64: 64 ulps of the summed terms' magnitude, so a detour through float32 fails;
    bfloat16: the inputs are chosen so the right result is exact)."""
    name = c.obs.values.get(f"{key}.dtype")
    want = DTYPE_NAME[case]
    if isinstance(name, str) and name != want and c.obs.error(key) is None:
        c.n += 1
        c.fail(_("{what}:结果的 dtype 应与输入相同({expected}),实际是 {actual}").format(
            what=what, expected=want, actual=name[:40]
        ))
        return
    saved, c.dtype = c.dtype, ("float64" if case == "f64" else "float32")
    try:
        if case == "f64":
            floor = 64 * 2.0 ** -53 * max(1.0, float(np.max(np.abs(scale), initial=0.0)))
            ArrayCases.close(c, key, expected, what, rtol=1e-12, atol=floor)
        else:
            ArrayCases.close(c, key, expected, what, rtol=1e-6, atol=1e-6)
    finally:
        c.dtype = saved


def _int_case(c: _Cases, key: str, expected: np.ndarray, what: str) -> None:
    """An int32 case: integer sums are exact, and stay int32."""
    c.n += 1
    raised = student_error_zh(c.obs, key)
    if raised:
        c.fail(f"{what}:{raised}")
        return
    try:
        got = c.obs.array(key, shape=expected.shape, kinds="iu", dtype="int32")
    except ObservationInvalid as exc:
        c.fail(f"{what}:{exc.message_zh}")
        return
    bad = got.astype(np.int64) != expected
    if np.any(bad):
        c.fail(f"{what}:{mismatch_zh(got, bad)}")


def _no_rules_registered(obs: Observations) -> bool:
    """The template untouched: the primitive is real and used, and no rule is registered on it."""
    rules, forward = obs.values.get("rules"), obs.values.get("jaxpr.forward")
    return (isinstance(rules, dict) and not any(rules.values()) and isinstance(forward, list)
            and PRIMITIVE in forward and obs.values.get("prim.class") == "jax._src.core.Primitive")


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    # over 80 lines: one block per sub-check, in the order the feedback lists them
    if observed_nothing(obs):
        return lost(EXERCISE)
    a, p = inp.arrays, inp.params
    x = a["x"].astype(np.float64)
    shape = x.shape
    if _no_rules_registered(obs):
        return unanswered(EXERCISE, _("custom_reduce_sum_p 上还没有注册任何规则"))
    outcomes = [_check_primitive(obs)]

    def run(name: str, body: Callable[[_Cases], None]) -> None:
        cases = _Cases(obs)
        body(cases)
        outcomes.append(cases.outcome(name))

    def jvp(c: _Cases) -> None:
        for i, axis in enumerate(p["jvp_axes"]):
            c.close(f"jvp.{i}.primal", _sum(x, axis), _("jvp(axis={tuple}) 的原值").format(tuple=tuple(axis)),
                    scale=_sum(np.abs(x), axis))
            tangent = _("jvp(axis={tuple}) 的切线").format(tuple=tuple(axis))
            c.close(f"jvp.{i}.tangent", _sum(a["t"], axis), tangent, scale=_sum(np.abs(a["t"]), axis))
        ax0 = tuple(p["jvp_axes"][0])
        c.close("jvp.jit.tangent", _sum(a["t"], list(ax0)), _("jit(jvp)(axis={ax0}) 的切线").format(ax0=ax0),
                scale=_sum(np.abs(a["t"]), list(ax0)))

    def transpose(c: _Cases) -> None:
        for i, axis in enumerate(p["transpose_axes"]):
            c.close(f"transpose.{i}", _broadcast_back(a[f"ct_{i}"], axis, shape),
                    f"linear_transpose(axis={tuple(axis)})")

    def grad_jit(c: _Cases) -> None:
        ax = p["grad_axis"]
        expected = _broadcast_back(2 * a["w_grad"].astype(np.float64) * _sum(x, ax), ax, shape)
        scale = _broadcast_back(2 * np.abs(a["w_grad"].astype(np.float64)) * _sum(np.abs(x), ax), ax, shape)
        c.close("grad_jit", expected, f"jit(grad)(axis={tuple(ax)})", RTOL_GRAD, scale)

    def vmap_pos(c: _Cases) -> None:
        for k, case in enumerate(p["vmap_pos"]):
            per = np.moveaxis(a[f"xb_{k}"].astype(np.float64), case["in_axes"], 0)
            c.close(f"vmap.pos.{k}", _sum(per, [ax + 1 for ax in case["axis"]]),
                    f"vmap(in_axes={case['in_axes']}, axis={tuple(case['axis'])})",
                    scale=_sum(np.abs(per), [ax + 1 for ax in case["axis"]]))

    def vmap_neg(c: _Cases) -> None:
        for j, case in enumerate(p["vmap_neg"]):
            per = np.moveaxis(a[f"xg_{j}"].astype(np.float64), case["in_axes"], 0)
            axis = _norm_axis(case["axis"], per.ndim - 1)
            spec = tuple(case["axis"]) if isinstance(case["axis"], list) else case["axis"]
            c.close(f"vmap.neg.{j}", _sum(per, [ax + 1 for ax in axis]),
                    _("vmap(in_axes={in_axes}) 下 custom_reduce_sum(x, {spec})").format(
                        in_axes=case["in_axes"], spec=spec),
                    scale=_sum(np.abs(per), [ax + 1 for ax in axis]))

    def nested(c: _Cases) -> None:
        for j, case in enumerate(p["vmap_nested"]):
            outer = np.moveaxis(a[f"xn_{j}"].astype(np.float64), case["outer"], 0)
            both = np.moveaxis(outer, case["inner"] + 1, 1)
            what = (f"vmap(vmap(·, in_axes={case['inner']}), in_axes={case['outer']}),"
                    f"axis={tuple(case['axis'])}")
            c.close(f"vmap.nested.{j}", _sum(both, [ax + 2 for ax in case["axis"]]), what,
                    scale=_sum(np.abs(both), [ax + 2 for ax in case["axis"]]))

    def jvp_all(c: _Cases) -> None:
        jvp(c)
        for case in ("unit", "rep", "cancel"):
            cx, ct, axis = a[f"c_{case}_x"], a[f"c_{case}_t"], p["classes"][case]["axis"]
            what = _("jvp(axis={axis}),输入形状 {shape}").format(axis=tuple(axis), shape=cx.shape)
            c.close(f"jvp.cls.{case}.primal", _sum(cx, axis), _("{what} 的原值").format(what=what),
                    scale=_sum(np.abs(cx), axis))
            c.close(f"jvp.cls.{case}.tangent", _sum(ct, axis), _("{what} 的切线").format(what=what),
                    scale=_sum(np.abs(ct), axis))
        if "e_noax_ct" in a:  # axis=(): the sum over no axis is x itself, its tangent t
            what = _("jvp(axis=()),输入形状 {shape}").format(shape=x.shape)
            c.close("jvp.edge.noax.primal", _sum(x, []), _("{what} 的原值").format(what=what))
            c.close("jvp.edge.noax.tangent", _sum(a["t"], []), _("{what} 的切线").format(what=what))
        _call_cases(c, inp, "jvp")
        for case in DTYPE_CASES:
            axis = p["classes"][case]["axis"]
            _typed_case(c, f"dtype.{case}.jvp", _sum(a[f"c_{case}_t"], axis), case,
                        _("{dtype} 输入上 jvp(axis={axis}) 的切线").format(
                            dtype=DTYPE_ZH[case], axis=tuple(axis)
                        ),
                        _sum(np.abs(a[f"c_{case}_t"]), axis))

    def transpose_all(c: _Cases) -> None:
        transpose(c)
        for case in ("unit", "rep"):
            cx, axis = a[f"c_{case}_x"], p["classes"][case]["axis"]
            c.close(f"transpose.cls.{case}", _broadcast_back(a[f"c_{case}_ct"], axis, cx.shape),
                    _("linear_transpose(axis={axis}),输入形状 {shape}").format(
                        axis=tuple(axis), shape=cx.shape
                    ))
        if "e_noax_ct" in a:
            c.close("transpose.edge.noax", _broadcast_back(a["e_noax_ct"], [], shape),
                    _("linear_transpose(axis=()),输入形状 {shape}").format(shape=shape))
        _call_cases(c, inp, "transpose")
        for case in DTYPE_CASES:
            cx, axis = a[f"c_{case}_x"], p["classes"][case]["axis"]
            ct = a[f"c_{case}_ct"]
            _typed_case(c, f"dtype.{case}.transpose", _broadcast_back(ct, axis, cx.shape), case,
                        _("{dtype} 输入上 linear_transpose(axis={axis})").format(
                            dtype=DTYPE_ZH[case], axis=tuple(axis)
                        ),
                        np.abs(ct))

    def vmap_pos_all(c: _Cases) -> None:
        vmap_pos(c)
        _call_cases(c, inp, "vmap")
        for case in ("unit", "rep", "cancel"):
            per, ax1, what = _class_vmap(inp, case)
            c.close(f"vmap.cls.{case}", _sum(per, ax1), what, scale=_sum(np.abs(per), ax1))
        for case in inp.params.get("vmap_edges", {}):
            per, ax1, what = _class_vmap(inp, case, edge=True)
            c.close(f"vmap.edge.{case}", _sum(per, ax1), what, scale=_sum(np.abs(per), ax1))
        per, ax1, what = _class_vmap(inp, "int32")
        _int_case(c, "vmap.cls.int32", np.sum(per.astype(np.int64), axis=tuple(ax1)),
                  _("int32 输入上 {what}").format(what=what))
        for case in DTYPE_CASES:
            per, ax1, what = _class_vmap(inp, case)
            _typed_case(c, f"dtype.{case}.vmap", _sum(per, ax1), case,
                        _("{dtype} 输入上 {what}").format(dtype=DTYPE_ZH[case], what=what),
                        _sum(np.abs(per), ax1))

    run("jvp", jvp_all)
    run("transpose", transpose_all)
    run("grad under jit", grad_jit)
    run("vmap batch dim", vmap_pos_all)
    run("vmap negative axes", vmap_neg)
    run("nested vmap", nested)
    run("vmap of grad", lambda c: _vmap_grad_case(c, inp))
    run("second order", lambda c: _second_order(c, inp))
    marker = inp.params.get("effect_marker")
    if _batching_bypass(obs, marker):  # right values without the primitive: these points are not earned
        in_jaxpr = PRIMITIVE in (obs.values.get("jaxpr.vmap") or ())
        message = BATCHING_DECOY_ZH if in_jaxpr else BATCHING_BYPASS_ZH
        outcomes = [CheckOutcome(o.name, False, _(message)) if o.name in BATCHING and o.passed
                    else o for o in outcomes]
    return outcomes


# --------------------------------------------------------------------------------------- input classes

def _has_negative(spec: int | list[int]) -> bool:
    return any(a < 0 for a in (spec if isinstance(spec, list) else [spec]))


# (op, why) of every call-sequence step `calls.memo_traps` needs
_TRAPS = {(op, why) for op in ("jvp", "transpose") for why in ("reshaped", "recycled", "again", "dtype")} | {
    ("jvp", "axis"), ("vmap", "recycled")}

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("calls.memo_traps", "transform",
               "an eager call sequence in an order drawn per structure, so each rule meets concrete arrays "
               "call after call: jvp and linear_transpose on a live array, the same bytes in another shape "
               "(a kept size swapped with another), two fresh arrays of one shape the first dropped before "
               "the second is made (the second takes its id), the live array again, the same values in "
               "float64 (x64); "
               "jvp on the live tangent over another axis; vmap on two fresh arrays (a rule that memoises "
               "by id(), bytes, values but not dtype, or the array but not the axis returns a stale result)",
               ("jvp", "transpose", "vmap batch dim"),
               lambda i: {(s["op"], s["why"]) for s in i.params["calls"]["steps"]} >= _TRAPS),
    InputClass("shape.rank_2_to_4", "shape",
               "a 3-D primal, 4-D batched inputs, 2-D inputs under two nested batch axes",
               ("jvp", "vmap batch dim", "nested vmap"),
               lambda i: (i.arrays["x"].ndim, i.arrays["xb_0"].ndim, i.arrays["xn_0"].ndim) == (3, 4, 4)),
    InputClass("axes.every_subset", "axes", "reductions over one, two and all axes (all axes: a 0-d result)",
               ("jvp", "transpose"),
               lambda i: [0, 1, 2] in i.params["transpose_axes"]
               and any(len(a) == 1 for a in i.params["transpose_axes"])),
    InputClass("axes.negative_and_multiple", "axes",
               "negative axes and tuples of axes through custom_reduce_sum",
               ("vmap negative axes",),
               lambda i: any(_has_negative(c["axis"]) for c in i.params["vmap_neg"])
               and any(isinstance(c["axis"], list) and len(c["axis"]) > 1 for c in i.params["vmap_neg"])),
    InputClass("transform.batch_dim_every_position", "transform",
               "the batch dimension at every position of the input (vmap in_axes 0..3)",
               ("vmap batch dim",),
               lambda i: sorted(c["in_axes"] for c in i.params["vmap_pos"]) == [0, 1, 2, 3]),
    InputClass("transform.batch_dim_moves", "transform",
               "a reduction before the batch dimension moves it (neither kept nor last)",
               ("vmap batch dim", "vmap negative axes", "nested vmap", "vmap of grad"),
               lambda i: any(_moves_batch_dim(c, 4) for c in i.params["vmap_pos"])),
    InputClass("transform.grad_under_jit", "transform",
               "jit(grad) of a loss over a partial reduction (the transpose of JVP output under jit)",
               ("grad under jit",), lambda i: 0 < len(i.params["grad_axis"]) < 3),
    InputClass("transform.nested_and_second_order", "transform",
               "vmap of vmap under jit; jvp/grad of jvp/grad (second order)",
               ("nested vmap", "second order"), lambda i: len(i.params["vmap_nested"]) == 2),
    InputClass("magnitude.cancellation", "magnitude",
               "sums that are exactly 0 by cancellation of terms of ~1e4 (jvp primal and tangent, vmap); "
               "judged with the terms' magnitude as floor, so right float32 rounding keeps its points",
               ("jvp", "vmap batch dim"),
               lambda i: "cancel" in i.params["classes"]
               and not np.any(_sum(i.arrays["c_cancel_t"], i.params["classes"]["cancel"]["axis"]))
               and float(np.abs(i.arrays["c_cancel_t"]).max()) >= 1e3),
    InputClass("shape.axis_length_1", "shape",
               "a kept axis of length 1 (jvp, transpose, vmap): a rule that squeezes drops it",
               ("jvp", "transpose", "vmap batch dim"),
               lambda i: 1 in _reduced(i.arrays["c_unit_x"].shape, i.params["classes"]["unit"]["axis"])),
    InputClass("shape.repeated_dims", "shape",
               "equal dimension sizes, the middle axis reduced (jvp, transpose, vmap): a rule that finds an "
               "axis by its size, from either end, picks the wrong one",
               ("jvp", "transpose", "vmap batch dim"),
               lambda i: len(set(i.arrays["c_rep_x"].shape)) < i.arrays["c_rep_x"].ndim),
    InputClass("dtype.float64", "dtype",
               "float64 under x64 (jvp, transpose, vmap): the result keeps float64 and its digits",
               ("jvp", "transpose", "vmap batch dim"),
               lambda i: all(i.arrays[f"c_f64_{n}"].dtype == np.float64 for n in ("x", "t", "ct", "xb"))),
    InputClass("dtype.bfloat16", "dtype",
               "bfloat16 inputs (jvp, transpose, vmap), values chosen so the right result is exact",
               ("jvp", "transpose", "vmap batch dim"), lambda i: "bf16" in i.params["classes"]),
    InputClass("dtype.int32", "dtype", "int32 inputs under vmap: exact integer sums that stay int32",
               ("vmap batch dim",), lambda i: i.arrays["c_int32_xb"].dtype == np.int32),
    InputClass("shape.batch_0_and_1", "shape",
               "vmap over a batch of 0 and of 1 examples (the batch axis at a drawn position): a rule that "
               "loops over the examples and stacks them raises on 0, one that squeezes drops the 1",
               ("vmap batch dim",),
               lambda i: sorted(i.arrays[f"e_{c}_xb"].shape[i.params["vmap_edges"][c]["in_axes"]]
                                for c in ("b0", "b1")) == [0, 1]),
    InputClass("axes.empty", "axes",
               "`axis=()` under jvp, transpose and vmap (a 2-D example): the sum over no axis is its input "
               "itself (a rule that reads an empty axis as every axis, as `axis or None` does, reduces it "
               "away)",
               ("jvp", "transpose", "vmap batch dim"),
               lambda i: i.params["vmap_edges"]["noax"]["axis"] == [] and "e_noax_ct" in i.arrays),
    InputClass("shape.scalar_examples", "shape",
               "vmap over 0-d examples (a 1-D batched input, `axis=()`)",
               ("vmap batch dim",), lambda i: i.arrays["e_scalar_xb"].ndim == 1),
)
