"""Hidden checks of chapter 2 exercise 3, `fusion_report(f, *args) -> (int, number)` (trusted parent side).

The child calls the student's function on cases built from the parameters drawn here
(`autograder.sandboxed.probes.fusion.build_cases`) and records the returned pair. The parent builds
the same cases and measures them itself: `jax.jit(f).lower(*args).compile()`, then
`count_fusions(as_text())` and `cost_analysis()["bytes accessed"]`.

Gate: the counts behave like counts of the optimised HLO: the chain has at least one fusion, the
same chain made longer has exactly as many (fusion merges element-wise steps; counting equations or
StableHLO ops grows with the chain, counting the unoptimised text gives 0), and cutting the chain
with `lax.optimization_barrier` gives more. A counting rule can satisfy these relations without
counting anything real, so the gate's points count only with `fusion_counts` (the counts equal the
compiled artefact's). `result_types` ((1, 0.0) has the types) counts only with `fusion_counts` or
`bytes_accessed`. Feedback says whether a count or a byte figure is too high or too low, never the
compiled artefact's number.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from autograder.exercises import reference_memo
from autograder.exercises.base import (
    CheckOutcome,
    Exercise,
    ProbeInputs,
    SubCheck,
    lost,
    observed_nothing,
    student_error_zh,
    unanswered,
)
from autograder.exercises.input_classes import InputClass
from autograder.i18n import N_, _
from autograder.observations import ObservationInvalid, Observations
from autograder.sandboxed.wire import FUSION_UNARY_OPS

__all__ = ["EXERCISE", "inputs", "measure", "verdict"]

EXERCISE = Exercise(
    id="fusion",
    chapter="ch02",
    title_zh=N_("练习 3:融合与屏障"),
    subchecks=(
        SubCheck("optimized_hlo", 2,
                 N_("统计的是优化后的 HLO:逐元素链至少 1 条 fusion、把链加长条数不变、插入屏障后条数变多"),
                 gate=True, counts_with=("fusion_counts",)),
        SubCheck("result_types", 1,
                 N_("返回二元组 (int, 数值):fusion 条数是 Python int,bytes accessed 是有限的数"),
                 counts_with=("fusion_counts", "bytes_accessed")),
        SubCheck("fusion_counts", 3,
                 N_("fusion 条数与编译产物一致(逐元素链、加长的链、屏障、softmax、双输入、"
                    "循环体和 cond 分支里的融合)")),
        SubCheck("bytes_accessed", 3, N_("bytes accessed 与编译产物的 cost_analysis 一致(同上 7 个函数)")),
        SubCheck("follows_args", 1,
                 N_("按传入参数的形状和 dtype 编译:bfloat16 输入、更大的输入、"
                    "同形状不同 dtype 的两个输入也一致;多次调用时每次都按这次的函数和参数编译"
                    "(同一函数换 dtype 或形状、同一段代码的另一个闭包、pytree 与标量参数)")),
    ),
    relies_on=(
        "jax.jit",
        "jax.stages.Lowered.compile",
        "jax.stages.Compiled.as_text",
        "jax.stages.Compiled.cost_analysis",
        "jax.lax.optimization_barrier",
        "jax.nn.softmax",
    ),
)

_CASES_OF: dict[str, tuple[str, ...]] = {
    "fusion_counts": ("chain", "chain_long", "barrier", "softmax", "two_inputs", "loop", "cond_branches"),
    "bytes_accessed": ("chain", "chain_long", "barrier", "softmax", "two_inputs", "loop", "cond_branches"),
    "follows_args": ("bf16", "chain_big", "mixed_dtypes", "same_shape_bf16", "sum_flat", "sum_rows",
                     "sum_twin", "pytree"),
}
_CASE_ZH: dict[str, str] = {  # translated where read
    "chain": N_("逐元素链"),
    "chain_long": N_("加长的逐元素链"),
    "barrier": N_("插入屏障的链"),
    "softmax": "softmax",
    "two_inputs": N_("双输入函数"),
    "bf16": N_("bfloat16 输入"),
    "chain_big": N_("更大输入上的链"),
    "loop": N_("循环体是逐元素链的 fori_loop"),
    "mixed_dtypes": N_("同形状、一个 float32 一个 bfloat16 的双输入"),
    "cond_branches": N_("分支是逐元素链的 lax.cond"),
    "same_shape_bf16": N_("同一个函数、同样的形状、换成 bfloat16"),
    "sum_flat": N_("求和的函数(一维输入)"),
    "sum_rows": N_("同一个求和函数、同样的数据换成二维形状"),
    "sum_twin": N_("同一段代码生成的另一个闭包、同样的参数"),
    "pytree": N_("pytree 参数和 Python 标量参数"),
}
BYTES_RTOL = 1e-6


def _cases() -> Any:
    """The probe module, whose case builders the parent runs too (to compile them itself): imported
    when inputs are drawn or judged, not when the exercise is declared (it imports JAX)."""
    return importlib.import_module(EXERCISE.probe_module)


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Every parameter (sizes, chains, axes, dtypes) shapes the compiled cases and comes from the
    structure seed; the cases' arrays are fixed ramps, so nothing is drawn from `seed`."""
    rng = np.random.default_rng(structure_seed)
    ops = list(FUSION_UNARY_OPS)
    n_ops = int(rng.integers(3, 6))
    params = {
        "rows": int(rng.integers(32, 385)), "cols": int(rng.integers(32, 385)),
        "chain": [str(o) for o in rng.choice(ops, size=n_ops)],
        "barrier_at": int(rng.integers(1, n_ops)),
        "long_extra": [str(o) for o in rng.choice(ops, size=int(rng.integers(1, 4)))],
        "softmax_axis": int(rng.integers(0, 2)),
        "two_inputs_chain": [str(o) for o in rng.choice(ops, size=int(rng.integers(1, 4)))],
        "two_inputs_broadcast": bool(rng.integers(0, 2)),
        "bf16_shape": [int(rng.integers(16, 257)), int(rng.integers(16, 257))],
        "big_factor": int(rng.integers(2, 5)),
    }
    params["loop"] = _variant_classes(structure_seed)
    params["cond"] = _cond_class(structure_seed)
    params["calls"] = _call_class(structure_seed)
    return ProbeInputs(seed=seed, params=params)


def _call_class(structure_seed: int) -> dict[str, Any]:
    """The repeated-calls cases (probe `_call_cases`): a small shape with rows != cols (the twin's sum
    over every axis and the sum over the last one give outputs of other sizes), short chains and a
    scale, from a stream of the structure seed of their own."""
    rng = np.random.default_rng([structure_seed, 32])
    rows = int(rng.integers(8, 65))
    cols = rows + int(rng.integers(1, 33))
    ops = list(FUSION_UNARY_OPS)
    return {"sum_shape": [rows, cols] if rng.integers(0, 2) else [cols, rows],
            "sum_body": [str(o) for o in rng.choice(ops, size=int(rng.integers(1, 3)))],
            "tree_body": [str(o) for o in rng.choice(ops, size=int(rng.integers(1, 3)))],
            "scale": float(rng.choice([0.5, 1.5, 2.5]))}


def _variant_classes(structure_seed: int) -> dict[str, Any]:
    """The loop-body class and the same-shape-other-dtype class, from their own stream of the
    structure seed (the student's variant: a resubmission meets them again; the other draws stay)."""
    rng = np.random.default_rng([structure_seed, 30])
    return {"shape": [int(rng.integers(16, 129)), int(rng.integers(16, 129))],
            "body": [str(o) for o in rng.choice(list(FUSION_UNARY_OPS), size=int(rng.integers(2, 5)))],
            "trips": int(rng.integers(2, 6))}


def _cond_class(structure_seed: int) -> dict[str, Any]:
    """The branch-fusions class: a lax.cond on the data whose two branches are chains, from a stream
    of the structure seed of its own (the other draws stay as they were)."""
    rng = np.random.default_rng([structure_seed, 31])
    ops = list(FUSION_UNARY_OPS)
    return {"shape": [int(rng.integers(16, 129)), int(rng.integers(16, 129))],
            "true_body": [str(o) for o in rng.choice(ops, size=int(rng.integers(2, 5)))],
            "false_body": [str(o) for o in rng.choice(ops, size=int(rng.integers(2, 5)))],
            "threshold": float(rng.choice([-1.0, 0.0, 1.0]))}


def _measure_fresh(params: dict) -> dict[str, list]:
    import jax

    from jaxcourse import count_fusions

    out = {}
    for name, f, args in _cases().build_cases(params):
        compiled = jax.jit(f).lower(*args).compile()
        out[name] = [count_fusions(compiled.as_text()), float(compiled.cost_analysis()["bytes accessed"])]
    return out


def measure(params: dict) -> dict[str, tuple[int, float]]:
    """The parent's own (fusion count, bytes accessed) of every case, compiled once per parameter
    set, grader and JAX version (reference_memo: remembered on the grader's disk)."""
    measured = reference_memo.remembered("fusion", params, lambda: _measure_fresh(params))
    return {name: (int(count), float(nbytes)) for name, (count, nbytes) in measured.items()}


def _reported(obs: Observations, case: str) -> tuple[float | None, float | None, list[str]]:
    """(count, bytes, type problems) the student returned for one case; raises ObservationInvalid."""
    raised = student_error_zh(obs, f"{case}.result_type")
    if raised:
        raise ObservationInvalid(f"{case}.result_type", raised)
    result_type = obs.text(f"{case}.result_type", max_chars=200)
    length = obs.raw(f"{case}.length")
    # any tuple (a NamedTuple too) is what the exercise text and the public self-check accept
    is_tuple = result_type == "tuple" or obs.values.get(f"{case}.is_tuple") is True
    if not (is_tuple or result_type == "list") or length != 2:
        raise ObservationInvalid(
            case,
            _("返回的是 {result_type}").format(result_type=result_type)
            + (_("(长度 {length})").format(length=length) if type(length) is int else "")
            + _(",应为二元组 (fusion 条数, bytes accessed)"),
        )
    problems = [] if is_tuple else [_("返回的是 {result_type},应为 tuple").format(result_type=result_type)]
    count_type, bytes_type = obs.raw(f"{case}.count_type"), obs.raw(f"{case}.bytes_type")
    count, nbytes = obs.raw(f"{case}.count"), obs.raw(f"{case}.bytes")
    if count_type != "int" and not (obs.values.get(f"{case}.count_is_int") is True and type(count) is int):
        problems.append(_("fusion 条数的类型是 {value},应为 Python int").format(value=str(count_type)[:60]))
    if type(nbytes) not in (int, float) or bytes_type in ("bool", "numpy.bool"):
        problems.append(_("bytes accessed 的类型是 {value},应为有限的数").format(value=str(bytes_type)[:60]))
    count = count if type(count) in (int, float) else None
    nbytes = nbytes if type(nbytes) in (int, float) else None
    return count, nbytes, problems


def _num(v: float | None) -> str:
    if v is None:
        return _("无")
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:,.3f}"


def _differs_zh(what: str, got: float | None, want: float) -> str:
    """How a reported figure differs from the compiled artefact's, without stating the latter."""
    if got is None:
        return _("没有返回{what}").format(what=what)
    return f"{what} {_num(got)} {_('偏多') if got > want else _('偏少')}"


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    names = [s.name for s in EXERCISE.subchecks]
    if observed_nothing(obs):
        return lost(EXERCISE)
    if obs.values.get("defined") is not True:
        return unanswered(EXERCISE, _("没有找到可调用的 fusion_report(f, *args)"))
    expected = measure(inp.params)
    if all(obs.values.get(f"{case}.result_type") == "NoneType" for case in expected):
        return unanswered(EXERCISE, _("fusion_report 还是模板:它返回 None"))
    got: dict[str, tuple[float | None, float | None]] = {}
    errors: dict[str, str] = {}
    type_problems: list[str] = []
    for case in expected:
        try:
            count, nbytes, problems = _reported(obs, case)
        except ObservationInvalid as exc:
            errors[case] = f"{_(_CASE_ZH[case])}:{exc.message_zh}"
            continue
        got[case] = (count, nbytes)
        type_problems += problems

    outcomes = []
    # Gate: behaves like a count of the optimised HLO (relations only: the measured counts stay hidden).
    if any(c in errors for c in ("chain", "chain_long", "barrier")):
        detail = ";".join(errors[c] for c in ("chain", "chain_long", "barrier") if c in errors)
        outcomes.append(CheckOutcome("optimized_hlo", False, detail))
    else:
        c1, c2, c3 = got["chain"][0], got["chain_long"][0], got["barrier"][0]
        ok = c1 is not None and c2 is not None and c3 is not None and c1 >= 1 and c2 == c1 and c3 > c1
        detail = _("逐元素链、加长的链与插入屏障的链之间的条数关系正确")
        if not ok:
            broken = []
            if c1 is None or c1 < 1:
                broken.append(_("逐元素链应至少有 1 条 fusion"))
            if c1 is not None and c2 != c1:
                broken.append(_("把链加长不应改变条数"))
            if c1 is not None and (c3 is None or c3 <= c1):
                broken.append(_("插入屏障后条数应变多"))
            detail = (_("、").join(broken) + _(";要数 compile() 之后的 HLO 里的 fusion 指令,"
                      "lower() 得到的 StableHLO 里还没有融合"))
        outcomes.append(CheckOutcome("optimized_hlo", ok, detail))

    problems = list(errors.values()) + type_problems
    detail = ";".join(dict.fromkeys(problems)) if problems else _("所有返回值都是 (int, 数值)")
    outcomes.append(CheckOutcome("result_types", not problems, detail))

    for sub in ("fusion_counts", "bytes_accessed", "follows_args"):
        bad = []
        for case in _CASES_OF[sub]:
            if case in errors:
                bad.append(errors[case])
                continue
            (count, nbytes), (want_count, want_bytes) = got[case], expected[case]
            parts = []
            if sub in ("fusion_counts", "follows_args") and count != want_count:
                parts.append(_differs_zh(_("fusion 条数"), count, want_count))
            if sub in ("bytes_accessed", "follows_args") and (
                    nbytes is None or not abs(nbytes - want_bytes) <= BYTES_RTOL * want_bytes + 0.5):
                parts.append(_differs_zh("bytes accessed", nbytes, want_bytes))
            if parts:
                bad.append(f"{_(_CASE_ZH[case])}:" + _("、").join(parts))
        cases = _("、").join(_(_CASE_ZH[c]) for c in _CASES_OF[sub])
        detail = ";".join(bad) if bad else _("与编译产物一致({cases})").format(cases=cases)
        outcomes.append(CheckOutcome(sub, not bad, detail))
    order = {n: i for i, n in enumerate(names)}
    return sorted(outcomes, key=lambda o: order[o.name])


# --------------------------------------------------------------------------------------- input classes

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("hlo.elementwise_chain", "hlo",
               "an element-wise chain, the chain repeated, and a larger input",
               ("fusion_counts", "bytes_accessed", "follows_args"), lambda i: len(i.params["chain"]) >= 3),
    InputClass("hlo.barrier", "hlo", "the chain cut by lax.optimization_barrier (more fusions, more bytes)",
               ("fusion_counts", "bytes_accessed"),
               lambda i: 1 <= i.params["barrier_at"] < len(i.params["chain"])),
    InputClass("hlo.reduction", "hlo", "a softmax (reductions fuse differently)", ("fusion_counts",),
               lambda i: i.params["softmax_axis"] in (0, 1)),
    InputClass("shape.broadcast_two_inputs", "shape", "two inputs, one broadcast or both full",
               ("fusion_counts",),
               lambda i: isinstance(i.params["two_inputs_broadcast"], bool)),
    InputClass("dtype.bf16", "dtype", "a bfloat16 input (bytes differ from float32)", ("follows_args",),
               lambda i: len(i.params["bf16_shape"]) == 2),
    InputClass("form.tuple", "form", "any tuple (a NamedTuple too) of an int count and a real byte count",
               ("result_types",), lambda i: True),
    InputClass("hlo.loop_body_fusions", "hlo", "fusions inside a while body, none in the entry "
               "computation (counting the entry computation only gives 0)",
               ("fusion_counts", "bytes_accessed"),
               lambda i: i.params["loop"]["trips"] >= 2),
    InputClass("dtype.same_shape_other_dtype", "dtype", "two inputs of one shape, float32 and bfloat16 "
               "(compiling every argument with the first one's dtype differs)", ("follows_args",),
               lambda i: len(i.params["loop"]["shape"]) == 2),
    InputClass("hlo.branch_fusions", "hlo", "fusions inside the two branches of a conditional (lax.cond on "
               "the data), computations of their own (counting the entry computation and loop bodies only "
               "misses them)", ("fusion_counts", "bytes_accessed"),
               lambda i: min(len(i.params["cond"]["true_body"]), len(i.params["cond"]["false_body"])) >= 2),
    InputClass("calls.memo_traps", "transform", "repeated calls a memo answers wrongly, each after the call "
               "it collides with: the chain's function on the chain's shape in bfloat16; one function on a "
               "ramp flattened, then on the same bytes in 2-D; another closure of that code on the same "
               "arguments (a memo keyed by function and shape, data bytes or code object)",
               ("follows_args",),
               lambda i: i.params["calls"]["sum_shape"][0] != i.params["calls"]["sum_shape"][1]),
    InputClass("calls.pytree_scalar", "form", "a dict/list pytree argument and a Python float scalar "
               "(arguments turned into arrays raise)", ("follows_args",),
               lambda i: isinstance(i.params["calls"]["scale"], float)),
)
