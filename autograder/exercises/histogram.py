"""Hidden checks of chapter 2 exercise 1, `primitive_histogram(f, *args)` (trusted parent side).

The child calls the student's function on targets built from the parameters drawn here
(`autograder.sandboxed.probes.histogram.build_targets`, trusted code the parent imports too) and
records the returned mapping as plain data. The parent traces the same targets itself with
`jax.make_jaxpr`, counts every equation of every sub-jaxpr (`jax.extend.core.jaxprs_in_params`,
one count per occurrence, shared sub-jaxprs included each time they are used) and compares key by
key. Keys whose count is 0 are treated as absent.

Points: every count check compares with the parent's own trace of fresh targets (behaviour). The
gate `shared_jit_recursion` is one of them (a shared inner jit counted once per use). The type check
`returns_str_int_mapping` ({} has it) counts only together with a passing count check. Feedback says
which primitive is counted too often, too rarely, missing or extra, never the reference counts.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
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
from autograder.sandboxed.wire import HISTOGRAM_UNARY_OPS

__all__ = ["EXERCISE", "expected_call_histograms", "expected_histograms", "inputs", "jaxpr_params",
           "reference_histogram", "verdict"]

EXERCISE = Exercise(
    id="histogram",
    chapter="ch02",
    title_zh=N_("练习 1:jaxpr 侦探(原语直方图)"),
    subchecks=(
        SubCheck(
            "shared_jit_recursion",
            2,
            N_("递归进入子 jaxpr:同一个内层 jit 调用几次就统计几次,jit 里再嵌套的 jit 也要展开"),
            gate=True,
        ),
        SubCheck(
            "returns_str_int_mapping",
            1,
            N_("返回 dict 或 Counter,键是原语名字符串,值是整数"),
            counts_with=(
                "shared_jit_recursion",
                "cond_switch_branches",
                "scan_while_bodies",
                "custom_rules_and_checkpoint",
                "deep_nesting",
                "repeated_calls",
            ),
        ),
        SubCheck("cond_switch_branches", 2, N_("统计 cond / switch 的每个分支(含分支里嵌套的 cond)")),
        SubCheck("scan_while_bodies", 2, N_("统计 scan 的循环体,以及 while_loop 的条件函数和循环体")),
        SubCheck(
            "custom_rules_and_checkpoint",
            1,
            N_("统计 custom_jvp / custom_vjp / custom_vmap 调用、checkpoint(remat),"
               "以及 closed_call、shard_map、linear_call、custom_linear_solve、scatter、"
               "remat_opt、select_and_scatter 内部的原语"),
        ),
        SubCheck("deep_nesting", 1, N_("多层嵌套(scan → while → cond → jit → custom_jvp)里的原语全部统计到")),
        SubCheck(
            "repeated_calls",
            1,
            N_("多次调用时每次都按这次的函数和参数统计:换 dtype、换形状、同一段代码的另一个闭包、"
               "pytree 与 Python 标量参数"),
        ),
    ),
    relies_on=(
        "jax.make_jaxpr",
        "jax.jit",
        "jax.checkpoint",
        "jax.custom_jvp",
        "jax.custom_vjp",
        "jax.lax.cond",
        "jax.lax.switch",
        "jax.lax.while_loop",
        "jax.lax.scan",
        "jax.nn.relu",
        "jax.shard_map",
        "jax.custom_batching.custom_vmap",
        "jax.custom_derivatives.linear_call",
        "jax.lax.custom_linear_solve",
        "jax.extend.core.primitives.closed_call_p",
        "jax.extend.core.jaxprs_in_params",
        "jax.jvp",
        "jax._src.lax.windowed_reductions._select_and_scatter",
    ),
)

# Which targets each sub-check compares (the gate has its own target).
_TARGETS_OF: dict[str, tuple[str, ...]] = {
    "shared_jit_recursion": ("shared_jit",),
    "cond_switch_branches": ("branches", "same_branches"),
    "scan_while_bodies": ("loops",),
    "custom_rules_and_checkpoint": ("custom", "remat", "other_kinds", "scatter", "jaxpr_params"),
    "deep_nesting": ("deep",),
}
_TARGET_ZH: dict[str, str] = {  # translated where read
    "shared_jit": N_("重复调用内层 jit 的函数"),
    "branches": N_("含 switch/cond 的函数"),
    "loops": N_("含 scan/while 的函数"),
    "custom": N_("含 custom_jvp/custom_vjp 的函数"),
    "remat": N_("含 checkpoint 的函数"),
    "deep": N_("多层嵌套的函数"),
    "same_branches": N_("几个分支是同一个函数的 switch/cond"),
    "other_kinds": N_("含 closed_call、shard_map、custom_vmap、linear_call、custom_linear_solve 的函数"),
    "scatter": N_("含 x.at[i].add / .mul(scatter)的函数"),
    "jaxpr_params": N_("含 remat_opt、select_and_scatter 的函数"),
}
# Why a call of the sequence is there (translated where read).
_CALL_ZH: dict[str, str] = {
    "first": N_("第一次调用这个函数"),
    "again": N_("再次调用同一个函数、同样的参数"),
    "dtype": N_("同一个函数、同样的形状、另一种 dtype"),
    "closure": N_("同一段代码生成的另一个闭包"),
    "recycled": N_("前一个函数对象被回收之后新建的函数"),
    "reshaped": N_("同样的数据、另一种形状"),
    "pytree": N_("pytree 参数和 Python 标量参数"),
}


def _targets() -> Any:
    """The probe module, whose target builders the parent runs too (to trace them itself): imported
    when inputs are drawn or judged, not when the exercise is declared (it imports JAX)."""
    return importlib.import_module(EXERCISE.probe_module)


def _ops(rng: np.random.Generator, lo: int = 1, hi: int = 3) -> list[str]:
    ops = list(HISTOGRAM_UNARY_OPS)
    return [str(o) for o in rng.choice(ops, size=int(rng.integers(lo, hi + 1)))]


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Draw the structure of every target (chains, repeat counts, nesting switches) from the
    structure seed. The targets' arrays are fixed ramps, so nothing is drawn from `seed`: every
    parameter shapes the traced and compiled programs."""
    rng = np.random.default_rng(structure_seed)
    n = int(rng.integers(3, 10))
    n_branches = int(rng.integers(2, 5))
    params = {
        "shared_jit": {"n": n, "leaf": _ops(rng), "leaf_calls": int(rng.integers(2, 4)),
                       "middle": _ops(rng, 0, 2), "middle_calls": int(rng.integers(2, 4)),
                       "top": _ops(rng, 0, 2)},
        "branches": {"n": n, "switch": [_ops(rng) for _unused in range(n_branches)],
                     "cond_branch": int(rng.integers(0, n_branches)), "cond_false": _ops(rng),
                     "deep_true": _ops(rng), "deep_false": _ops(rng)},
        "loops": {"n": n, "scan_body": _ops(rng), "while_body": _ops(rng),
                  "while_limit": int(rng.integers(3, 9)), "cond_lt": bool(rng.integers(0, 2)),
                  "while_in_scan": bool(rng.integers(0, 2)), "inner_while": _ops(rng)},
        "custom": {"n": n, "jvp_body": _ops(rng), "vjp_body": _ops(rng), "jvp_calls": int(rng.integers(1, 4)),
                   "vjp_calls": int(rng.integers(1, 3)), "relu": bool(rng.integers(0, 2))},
        "remat": {"n": n, "remat_body": _ops(rng), "remat_in_scan": bool(rng.integers(0, 2)),
                  "scan_body": _ops(rng), "tail": _ops(rng, 0, 2)},
        "deep": {"n": n, "custom_body": _ops(rng), "jit_body": _ops(rng), "false_body": _ops(rng),
                 "scan_length": int(rng.integers(2, 5)), "tail": _ops(rng)},
    }
    params["same_branches"] = _same_branches(structure_seed)
    params["other_kinds"] = _other_kinds(structure_seed)
    params["scatter"] = _scatter(structure_seed)
    params["jaxpr_params"] = _jaxpr_params(structure_seed)
    params["calls"] = _call_plan(structure_seed)
    return ProbeInputs(seed=seed, params=params)


def _scatter(structure_seed: int) -> dict[str, Any]:
    """The scatter target's chains, indices and repeat count: a stream of the structure seed of its own."""
    rng = np.random.default_rng([structure_seed, 32])
    n = int(rng.integers(4, 10))
    index = sorted(int(i) for i in rng.choice(n, size=int(rng.integers(1, n)), replace=False))
    return {"n": n, "index": index, "add_body": _ops(rng), "mul_body": _ops(rng),
            "mul_uses": int(rng.integers(1, 3)), "with_max": bool(rng.integers(0, 2)),
            "tail": _ops(rng, 0, 2)}


def _jaxpr_params(structure_seed: int) -> dict[str, Any]:
    """The remat_opt and select_and_scatter target's chains, window and repeat count: a stream of the
    structure seed of its own."""
    rng = np.random.default_rng([structure_seed, 34])
    return {"n": int(rng.integers(5, 10)), "fwd_body": _ops(rng), "fwd_uses": int(rng.integers(1, 3)),
            "window": int(rng.integers(2, 4)), "scatter_body": _ops(rng)}


def jaxpr_params(f: Callable, *args) -> dict[str, set[str]]:
    """Primitive name -> the names of its params that hold a jaxpr, in jaxpr(f) and every sub-jaxpr:
    read off JAX's own equations with `jax.extend.core.jaxprs_in_params` one param at a time (no
    list of known names)."""
    import jax
    import jax.extend as je

    out: dict[str, set[str]] = {}

    def walk(jaxpr) -> None:
        for eqn in jaxpr.eqns:
            for key, value in eqn.params.items():
                subs = list(je.core.jaxprs_in_params({key: value}))
                if subs:
                    out.setdefault(eqn.primitive.name, set()).add(key)
                for sub in subs:
                    walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return out


def _call_plan(structure_seed: int) -> dict[str, Any]:
    """The call sequence (probe `_run_calls`): functions of three families, the steps in an order drawn
    from the structure seed. Each memo trap is a pair of calls whose memo key collides and whose
    histograms differ: one function on one shape in two dtypes; two closures of one code object on
    the same arguments; a function collected before the next one is made (its id free again); the
    same ramp (same bytes) in two shapes; a pytree with an int, then a float scalar."""
    rng = np.random.default_rng([structure_seed, 33])
    shape = [int(v) for v in rng.integers(2, 6, size=int(rng.integers(1, 3)))]
    a, b = (int(v) for v in rng.integers(2, 5, size=2))
    other_dtype = str(rng.choice(["bfloat16", "int32", "float16"]))
    functions = [
        {"family": "cast", "ops": _ops(rng, 1, 1)},
        {"family": "rank", "ops": _ops(rng, 1, 2)},
        {"family": "tree", "ops": _ops(rng, 1, 3)},
    ]
    # one more op than their twin, so a stale histogram is always a wrong one
    functions.insert(1, {"family": "cast", "ops": functions[0]["ops"] + _ops(rng, 1, 1)})
    functions.insert(3, {"family": "rank", "ops": functions[2]["ops"] + _ops(rng, 1, 1)})

    def arr(s: list[int], dtype: str = "float32") -> dict[str, Any]:
        return {"kind": "array", "shape": s, "dtype": dtype}

    def tree(scale_int: bool) -> dict[str, Any]:
        return {"kind": "tree", "shape": [int(rng.integers(2, 6))], "scale": int(rng.integers(2, 5)),
                "scale_int": scale_int}

    flat, square = arr([a * b]), arr([a, b])
    head = [{"fn": 0, "arg": arr(shape), "why": "first"},
            {"fn": 0, "arg": arr(shape, other_dtype), "why": "dtype"},
            {"fn": 1, "arg": arr(shape), "why": "closure"}]
    middle = [{"fn": 2, "arg": flat, "why": "first"}, {"fn": 2, "arg": square, "why": "reshaped"},
              {"fn": 3, "arg": square, "why": "recycled"}]
    trees = [{"fn": 4, "arg": tree(True), "why": "first"}, {"fn": 4, "arg": tree(False), "why": "pytree"}]
    blocks = [head, middle, trees]
    order = [int(i) for i in rng.permutation(3)]
    steps = [step for i in order for step in blocks[i]]
    for _again in range(2):  # recycled objects: a call of 0, 1 or 4 again, wherever it is still alive
        k = int(rng.choice([0, 1, 4]))
        first = next(i for i, st in enumerate(steps) if st["fn"] == k)
        at = int(rng.integers(first + 1, len(steps) + 1))
        steps.insert(at, {"fn": k, "arg": steps[first]["arg"], "why": "again"})
    return {"functions": functions, "steps": steps}


def _same_branches(structure_seed: int) -> dict[str, Any]:
    """A switch of 3..4 branches, two or more of them one shared function (JAX shares their jaxpr
    object), then a cond whose two branches are that function. From its own stream of the structure
    seed, so the other targets' draws stay as they were."""
    rng = np.random.default_rng([structure_seed, 30])
    k = int(rng.integers(3, 5))
    slots = sorted(int(b) for b in rng.choice(k, size=int(rng.integers(2, k)), replace=False))
    return {"n": int(rng.integers(3, 10)), "shared": _ops(rng, 1, 3), "shared_slots": slots,
            "switch": [_ops(rng) for _ in range(k)]}


def _other_kinds(structure_seed: int) -> dict[str, Any]:
    """The chains of the closed_call, shard_map, custom_vmap and linear_call bodies, how often the
    closed_call jaxpr is bound, and the linear solve's scale: from a stream of the structure seed of
    their own (the other targets' draws stay as they were)."""
    rng = np.random.default_rng([structure_seed, 31])
    return {"n": int(rng.integers(3, 10)), "call_body": _ops(rng), "call_uses": int(rng.integers(2, 4)),
            "shard_body": _ops(rng), "vmap_body": _ops(rng), "callee_body": _ops(rng),
            "solve_scale": float(rng.choice([0.5, 2.0, 4.0]))}


def reference_histogram(f: Callable, *args) -> Counter:
    """Primitive name -> occurrences in jaxpr(f) and all its sub-jaxprs (each use counted)."""
    import jax
    import jax.extend as je

    counts: Counter = Counter()

    def walk(jaxpr) -> None:
        for eqn in jaxpr.eqns:
            counts[eqn.primitive.name] += 1
            for sub in je.core.jaxprs_in_params(eqn.params):
                walk(sub)

    walk(jax.make_jaxpr(f)(*args).jaxpr)
    return counts


def _trace_all(params: dict) -> dict[str, dict[str, int]]:
    probe = _targets()
    out = {name: dict(reference_histogram(f, *args)) for name, f, args in probe.build_targets(params)}
    plan = params.get("calls")
    for i, step in enumerate(plan["steps"] if plan else ()):
        f = probe.make_call_function(plan["functions"][step["fn"]])
        out[f"calls.{i}"] = dict(reference_histogram(f, *probe.call_args(step["arg"])))
    return out


def _traced(params: dict) -> dict[str, Counter]:
    """Every reference histogram of the parameter set (targets, then `calls.<i>`), traced once per
    parameter set, grader and JAX version (reference_memo: remembered on the grader's disk)."""
    traced = reference_memo.remembered("histogram", params, lambda: _trace_all(params))
    return {name: Counter(counts) for name, counts in traced.items()}


def expected_histograms(params: dict) -> dict[str, Counter]:
    """Target name -> its reference histogram."""
    return {name: c for name, c in _traced(params).items() if not name.startswith("calls.")}


def expected_call_histograms(params: dict) -> dict[str, Counter]:
    """`calls.<i>` -> the reference histogram of call i of the call sequence."""
    return {name: c for name, c in _traced(params).items() if name.startswith("calls.")}


def _entries(obs: Observations, target: str) -> tuple[str, list[dict]]:
    """The recorded type name and entries of one target; raises ObservationInvalid when malformed."""
    for key in (f"{target}.type", f"{target}.entries"):
        raised = student_error_zh(obs, key)
        if raised:
            raise ObservationInvalid(key, raised)
    type_name = obs.text(f"{target}.type", max_chars=200)
    key = f"{target}.entries"
    entries = obs.raw(key)
    if entries is None:
        raise ObservationInvalid(
            key, _("返回值({type_name})不是 dict 或 Counter,没有 items()").format(type_name=type_name)
        )
    if type(entries) is not list or not all(
            type(e) is dict and set(e) == {"key", "key_type", "value", "value_type"} for e in entries):
        raise ObservationInvalid(key, _("观测结果的结构不对"))
    return type_name, entries


def _as_counts(entries: list[dict]) -> dict[str, float]:
    """Nonzero counts by str key; a non-str key or a non-numeric count becomes a mismatching marker."""
    out: dict[str, float] = {}
    for e in entries:
        key = (
            e["key"]
            if type(e["key"]) is str
            else _("<{value} 类型的键>").format(value=str(e["key_type"])[:40])
        )
        value = e["value"]
        if type(value) not in (int, float):
            out[key] = float("nan")
        elif value != 0:
            out[key] = value
    return out


def _difference_zh(key: str, got: float, want: int) -> str:
    """How one primitive's count differs, in words only (the reference count stays hidden)."""
    if got != got:
        return _("{key} 的计数不是数").format(key=key)
    if want == 0:
        return _("多出了 {key}(这个函数里没有它)").format(key=key)
    if got == 0:
        return _("漏掉了 {key}").format(key=key)
    return f"{key} {_('偏多') if got > want else _('偏少')}"


def _label_zh(target: str, params: dict) -> str:
    if target.startswith("calls."):
        i = int(target.split(".")[1])
        why = _(_CALL_ZH[params["calls"]["steps"][i]["why"]])
        return _("调用序列第 {n} 次({why})").format(n=i + 1, why=why)
    return _(_TARGET_ZH[target])


def _compare(label: str, expected: Counter, got: dict[str, float]) -> str | None:
    """None when equal, else a Chinese summary of which counts differ and in which direction."""
    keys = sorted(set(expected) | set(got))
    diffs = [k for k in keys if not (got.get(k, 0) == expected.get(k, 0))]
    if not diffs:
        return None
    shown = _("、").join(_difference_zh(k, got.get(k, 0), expected.get(k, 0)) for k in diffs[:6])
    more = _(" 等(共 {len} 个原语不一致)").format(len=len(diffs)) if len(diffs) > 6 else ""
    total = sum(v for v in got.values() if v == v)
    overall = "" if total == sum(expected.values()) else (
        _(";原语总数偏多") if total > sum(expected.values()) else _(";原语总数偏少"))
    return f"{label}:{shown}{more}{overall}"


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    if observed_nothing(obs):
        return lost(EXERCISE)
    if obs.values.get("defined") is not True:
        return unanswered(EXERCISE, _("没有找到可调用的 primitive_histogram(f, *args)"))
    expected = _traced(inp.params)
    if all(obs.values.get(f"{t}.type") == "NoneType" for t in expected):
        return unanswered(EXERCISE, _("primitive_histogram 还是模板:它返回 None"))

    got: dict[str, dict[str, float]] = {}
    type_problems: list[str] = []
    read_errors: dict[str, str] = {}
    for target in expected:
        try:
            type_name, entries = _entries(obs, target)
        except ObservationInvalid as exc:
            read_errors[target] = f"{_label_zh(target, inp.params)}:{exc.message_zh}"
            continue
        got[target] = _as_counts(entries)
        # Judged as the exercise text and the public self-check read a result: any Mapping (a
        # defaultdict too), str keys (subclasses too), integer counts (NumPy / JAX integer scalars too).
        if type_name not in ("dict", "Counter") and obs.values.get(f"{target}.mapping") is not True:
            type_problems.append(
                _("返回类型是 {type_name},应为 dict 或 Counter(或其他 Mapping)").format(type_name=type_name)
            )
        if any(type(e["key"]) is not str for e in entries):
            bad = next(e["key_type"] for e in entries if type(e["key"]) is not str)
            type_problems.append(
                _("有的键不是字符串(是 {value}),键应是原语名 eqn.primitive.name").format(value=str(bad)[:60])
            )
        if any(type(e["value"]) is not int for e in entries):
            bad = next(e["value_type"] for e in entries if type(e["value"]) is not int)
            type_problems.append(_("有的计数不是整数(是 {value})").format(value=str(bad)[:60]))
        if obs.values.get(f"{target}.truncated") is True:
            type_problems.append(_("返回的条目过多"))

    outcomes: list[CheckOutcome] = []
    for sub in EXERCISE.subchecks:
        if sub.name == "returns_str_int_mapping":
            problems = list(read_errors.values()) + type_problems
            outcomes.append(CheckOutcome(sub.name, not problems,
                                         "" if not problems else ";".join(dict.fromkeys(problems))))
            continue
        details = []
        targets = _TARGETS_OF.get(sub.name) or tuple(t for t in expected if t.startswith("calls."))
        for target in targets:
            if target in read_errors:
                details.append(read_errors[target])
                continue
            diff = _compare(_label_zh(target, inp.params), expected[target], got[target])
            if diff:
                details.append(diff)
        ok = not details
        details = details[:4]  # the first differences say what is wrong; a memo bug repeats them
        summary = ";".join(details) if details else _("各目标函数的计数与实际追踪结果一致")
        outcomes.append(CheckOutcome(sub.name, ok, summary))
    return outcomes


# --------------------------------------------------------------------------------------- input classes

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("sub-jaxpr.shared_jit", "sub-jaxpr",
               "one inner jit called several times, a jit nested in a jit (one shared jaxpr object)",
               ("shared_jit_recursion",), lambda i: i.params["shared_jit"]["leaf_calls"] >= 2),
    InputClass("sub-jaxpr.cond_switch", "sub-jaxpr",
               "cond and switch with 2..4 branches, a cond nested in a branch",
               ("cond_switch_branches",), lambda i: len(i.params["branches"]["switch"]) >= 2),
    InputClass("sub-jaxpr.scan_while", "sub-jaxpr", "scan bodies, while cond and body functions",
               ("scan_while_bodies",), lambda i: bool(i.params["loops"]["scan_body"])),
    InputClass("sub-jaxpr.custom_remat", "sub-jaxpr", "custom_jvp / custom_vjp calls and checkpoint (remat)",
               ("custom_rules_and_checkpoint",), lambda i: i.params["custom"]["jvp_calls"] >= 1),
    InputClass("sub-jaxpr.deep", "sub-jaxpr", "scan -> while -> cond -> jit -> custom_jvp nesting",
               ("deep_nesting",), lambda i: i.params["deep"]["scan_length"] >= 2),
    InputClass("form.mapping", "form", "any Mapping with str keys and integer counts (Counter, "
               "defaultdict, NumPy/JAX integer counts) is a right result", ("returns_str_int_mapping",),
               lambda i: True),
    InputClass("sub-jaxpr.identical_branches", "sub-jaxpr",
               "switch/cond branches that are one function, so one cond equation holds the same jaxpr "
               "object several times (deduplicating sub-jaxprs by identity undercounts)",
               ("cond_switch_branches",), lambda i: len(i.params["same_branches"]["shared_slots"]) >= 2),
    InputClass("sub-jaxpr.other_kinds", "sub-jaxpr",
               "the other primitives whose params hold a sub-jaxpr in JAX 0.12, under other param names: "
               "closed_call (`eval_jaxpr`, one jaxpr object bound 2..3 times), shard_map, custom_vmap "
               "(`call`), linear_call (`callee`), a symmetric custom_linear_solve (`jaxprs`: one object "
               "twice); JAX 0.12 has no custom_transpose primitive",
               ("custom_rules_and_checkpoint",), lambda i: i.params["other_kinds"]["call_uses"] >= 2),
    InputClass("sub-jaxpr.scatter", "sub-jaxpr",
               "`x.at[i].add` and `.mul` (scatter-add, scatter-mul, 1..2 times; `.max` in some draws): the "
               "combining function is a bare Jaxpr in `update_jaxpr`, a param no other primitive has (a walk "
               "over a hand list of param names misses it)",
               ("custom_rules_and_checkpoint",), lambda i: bool(i.params["scatter"]["index"])),
    InputClass("sub-jaxpr.jaxpr_params_from_jax", "sub-jaxpr",
               "param names holding a jaxpr that JAX 0.12's own equations show (`jaxprs_in_params` per "
               "param) beyond every name above: `remat_opt` (`fwd_jaxpr`, the jvp of a custom_vjp with "
               "optimize_remat, 1..2 times) and `select_and_scatter` (`select_jaxpr`, `scatter_jaxpr`); a "
               "hand list of the names above plus `update_jaxpr` misses them",
               ("custom_rules_and_checkpoint",), lambda i: i.params["jaxpr_params"]["fwd_uses"] >= 1),
    InputClass("calls.memo_traps", "transform",
               "one call sequence in an order drawn per structure: a function on one shape in float32 and "
               "in bfloat16/int32/float16; two closures of one code object; a function made after the "
               "previous one was collected (its id free); the same bytes in shapes (a*b,) and (a, b); "
               "functions called again (a memo keyed by shape only, code object, id() or data bytes "
               "returns a stale histogram)",
               ("repeated_calls",), lambda i: {s["why"] for s in i.params["calls"]["steps"]}
               >= {"dtype", "closure", "recycled", "reshaped", "again"}),
    InputClass("calls.pytree_scalar", "form",
               "a dict/list pytree argument next to a Python int, then a Python float scalar (converting "
               "arguments to arrays raises on the pytree or drops the int's conversion)",
               ("repeated_calls",), lambda i: any(s["why"] == "pytree" for s in i.params["calls"]["steps"])),
)
