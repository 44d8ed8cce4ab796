"""Exercise `ffi_lowering` (chapter 5, exercise 4): a primitive `rms_norm_prim_p` lowered to the FFI
target `rms_norm` (trusted parent side: draws inputs, judges observations).

Expected values are float64 RMSNorm over the last axis (`jaxcourse.rms_norm_np64`) computed here,
with eps rounded to float32 as the kernel receives it. See
autograder/sandboxed/probes/ffi_lowering.py for the observation keys.

Points: every sub-check but the gate compares values with float64 RMSNorm (behaviour), and a case
passes only if its array is also bit for bit what the course's `RmsNorm` handler returns on that
input (`course_rms_norm_f32`, the parent's exact float32 replica of kernels/rms_norm.cc): values
from a jnp or NumPy fallback next to the custom call are close but not the kernel's (see
autograder/exercises/provenance.py). The gate `lowers to rms_norm` needs a custom_call @rms_norm in
the StableHLO and at least one value case that is the kernel's output; its point counts only with a
behaviour check. No `rms_norm_prim_p` is "unanswered".
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from autograder.exercises.base import (
    ArrayCases,
    CheckOutcome,
    Exercise,
    ProbeInputs,
    SubCheck,
    lost,
    observed_nothing,
    student_error_zh,
    unanswered,
)
from autograder.exercises.call_sequence import CALL_WHY_ZH
from autograder.exercises.class_draws import class_rng
from autograder.exercises.input_classes import InputClass
from autograder.exercises.provenance import HandlerEvidence
from autograder.i18n import N_, _
from autograder.observations import ObservationInvalid, Observations
from jaxcourse.reference import rms_norm_np64

__all__ = ["EXERCISE", "inputs", "verdict"]

RTOL, ATOL = 1e-5, 1e-6
DEFAULT_EPS = 1e-5
TARGET = "rms_norm"
_CUSTOM_CALL = re.compile(r'stablehlo\.custom_call\s+@"?([\w.$-]+)"?')

EXERCISE = Exercise(
    id="ffi_lowering",
    chapter="ch05",
    title_zh=N_("练习 4:以 FFI target rms_norm 作为原语 rms_norm_prim_p 的 lowering"),
    subchecks=(
        SubCheck("lowers to rms_norm", 1.0, N_("jit 后的 StableHLO 调用 FFI target rms_norm(custom_call)"),
                 gate=True,
                 counts_with=("eager", "jit", "eps", "vmap every axis", "jit of vmap", "nested vmap")),
        SubCheck("eager", 1.5, N_("eager 调用 bind 的结果(1 维到 4 维)")),
        SubCheck("jit", 1.5, N_("jit 下的结果(1 维到 4 维)")),
        SubCheck("eps", 1.0, N_("eps 作为参数传给内核:换一个 eps,结果按 RMSNorm 公式随之改变")),
        SubCheck("vmap every axis", 2.0, N_("vmap:批维度在每个位置(包括最后一维)时的结果")),
        SubCheck("jit of vmap", 1.5, N_("jit(vmap) 的结果")),
        SubCheck("nested vmap", 1.5, N_("嵌套 vmap 的结果")),
    ),
    relies_on=("jax.jit", "jax.vmap", "jax.stages.Lowered.as_text", "jax.extend.core.Primitive.bind"),
)


def _normal(rng: np.random.Generator, shape: tuple[int, ...], scale: float = 1.0) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def _dim(rng: np.random.Generator) -> int:
    return int(rng.integers(2, 6))


def _insert(shape: tuple[int, ...], axis: int, size: int) -> tuple[int, ...]:
    axis = axis % (len(shape) + 1)
    return shape[:axis] + (size,) + shape[axis:]


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Shapes, in_axes and the eps cases (eps is a parameter of the lowered custom call, so part of
    the compiled program) from the structure seed (`rng`); every array's values from `seed`."""
    rng, values = np.random.default_rng(structure_seed), np.random.default_rng(seed)
    n = int(rng.integers(8, 40))  # normalised (last) axis
    arrays: dict[str, np.ndarray] = {}
    for d in (1, 2, 3, 4):
        arrays[f"x{d}"] = _normal(values, tuple(_dim(rng) for _unused in range(d - 1)) + (n,))
    arrays["xs"] = _normal(values, (_dim(rng), n), 0.05)  # mean(x^2) ~ 2.5e-3: eps changes the result
    eps0 = DEFAULT_EPS  # the course default everywhere but in the eps cases, so each property is judged alone
    eps_cases = [float(np.exp(rng.uniform(np.log(1e-3), np.log(1e-2)))), float(rng.uniform(0.1, 1.0))]

    vmap_cases = []
    for per in ((n,), (_dim(rng), n)):  # batch at every position of a 1-D and a 2-D example
        for axis in range(len(per) + 1):
            arrays[f"xv{len(vmap_cases)}"] = _normal(values, _insert(per, axis, _dim(rng)))
            vmap_cases.append({"in_axes": axis})
    jit_vmap_cases = []
    per3 = (_dim(rng), _dim(rng), n)
    for axis in (-1, int(rng.integers(1, 3))):
        arrays[f"xj{len(jit_vmap_cases)}"] = _normal(values, _insert(per3, axis, _dim(rng)))
        jit_vmap_cases.append({"in_axes": axis})
    nested_cases = []
    for per in ((n,), (_dim(rng), n)):
        inner = len(per)  # the inner batch axis is the last one of its input
        outer = int(rng.integers(0, len(per) + 2))
        mid = _insert(per, inner, _dim(rng))
        arrays[f"xn{len(nested_cases)}"] = _normal(values, _insert(mid, outer, _dim(rng)))
        nested_cases.append({"inner": inner, "outer": outer})
    params = {"eps": eps0, "eps_cases": eps_cases, "vmap_cases": vmap_cases, "jit_vmap_cases": jit_vmap_cases,
              "nested_cases": nested_cases}
    # A non-default eps under vmap, eager and under jit (class transform.non_default_eps_under_vmap):
    # the batching rule must pass eps on. Where the batch axis sits comes from the class's own
    # generator (the student's pool entry); small magnitudes make eps visible.
    r = class_rng(structure_seed, EXERCISE.id, "transform.non_default_eps_under_vmap")
    per = (int(r.integers(2, 6)), n)
    eps_vmap_cases = []
    for j in range(2):
        axis = int(r.integers(0, 3))
        arrays[f"xe{j}"] = _normal(values, _insert(per, axis, int(r.integers(2, 6))), 0.05)
        eps_vmap_cases.append({"in_axes": axis, "eps": float(np.exp(r.uniform(np.log(0.05), np.log(0.5))))})
    params["eps_vmap_cases"] = eps_vmap_cases
    params["calls"] = _call_plan(structure_seed)
    for j in range(2):  # the recycled arrays: x1's shape (compiled already), other values
        arrays[f"xr{j}"] = _normal(values, arrays["x1"].shape)
    return ProbeInputs(seed, arrays, params)


# Why a call of the call sequence is there (translated where read).
_CALL_ZH: dict[str, str] = CALL_WHY_ZH


def _call_plan(structure_seed: int) -> dict:
    """The eager call sequence (probe `_run_calls`), in an order drawn from a stream of the structure
    seed of its own: x2 as it is and the same bytes flattened (one normalisation over every element:
    a memo keyed by the data's bytes returns the 2-D result); two fresh arrays of x1's shape, the
    first dropped before the second is made (a memo keyed by id() returns the first's result); calls
    again on a live array. Every call is bind with the default eps; every shape but the flattened one
    is compiled already by the eager cases."""
    rng = np.random.default_rng([structure_seed, 60])
    blocks = [[{"arg": "x2", "flat": False, "why": "first"}, {"arg": "x2", "flat": True, "why": "reshaped"}],
              [{"arg": "xr0", "flat": False, "why": "first", "fresh": True},
               {"arg": "xr1", "flat": False, "why": "recycled", "fresh": True}]]
    steps = [step for i in rng.permutation(2) for step in blocks[int(i)]]
    first = next(i for i, st in enumerate(steps) if st["arg"] == "x2" and not st["flat"])
    at = int(rng.integers(first + 1, len(steps) + 1))
    steps.insert(at, {"arg": "x2", "flat": False, "why": "again"})
    return {"steps": steps}


def _call_input(a: dict[str, np.ndarray], step: dict) -> np.ndarray:
    x = a[step["arg"]]
    return x.reshape(-1) if step["flat"] else x


def _call_cases(c: ArrayCases, inp: ProbeInputs, close: Callable[..., None]) -> None:
    """Each call of the eager call sequence, judged by `close` on its own input."""
    for i, step in enumerate(inp.params.get("calls", {}).get("steps", ())):
        x = _call_input(inp.arrays, step)
        close(c, f"calls.{i}", x, _("eager 调用序列第 {n} 次({why}),形状 {shape}").format(
            n=i + 1, why=_(_CALL_ZH[step["why"]]), shape=x.shape))


def _rms(x: np.ndarray, eps: float) -> np.ndarray:
    return rms_norm_np64(np.asarray(x, np.float64), eps=float(np.float32(eps)))


def course_rms_norm_f32(x: np.ndarray, eps: float) -> np.ndarray:
    """The exact float32 result of the course handler `RmsNorm` (kernels/rms_norm.cc, built with
    `jaxcourse.KERNEL_FLAGS`: -O2, no fast-math, no FMA contraction): per row a sequential float32
    sum of x*x, scale = 1/sqrt(sum/n + eps), y = x*scale, each operation rounded to float32 as the
    C++ does (`np.add.accumulate` adds in order). tests/test_checks_ch05.py checks it against the
    compiled kernel bit for bit."""
    x = np.asarray(x, np.float32)
    f32 = np.float32
    if x.ndim == 0 or x.shape[-1] == 0:
        return x.copy()
    sum_sq = np.add.accumulate(x * x, axis=-1, dtype=np.float32)[..., -1:]
    scale = f32(1.0) / np.sqrt(sum_sq / f32(x.shape[-1]) + f32(eps))
    return (x * scale).astype(np.float32)


def _check_lowering(obs: Observations, from_kernel: HandlerEvidence) -> CheckOutcome:
    name = "lowers to rms_norm"
    try:
        raised = student_error_zh(obs, "lowered.jit")
        if raised:
            raise ObservationInvalid("lowered.jit", raised)
        text = obs.text("lowered.jit")
        cls = obs.text("prim.class")
        overridden = obs.raw("prim.bind_overridden")
    except ObservationInvalid as exc:
        return CheckOutcome(name, False, f"jax.jit(bind).lower(x):{exc.message_zh}")
    if cls != "jax._src.core.Primitive" or overridden is not False:
        return CheckOutcome(
            name,
            False,
            _("rms_norm_prim_p 应是 jax.extend.core.Primitive 的实例且不替换 bind(实际类型 {value})").format(
                value=cls[:80]
            ),
        )
    targets = _CUSTOM_CALL.findall(text)
    if TARGET not in targets:
        shown = _("、").join(sorted(set(targets))) or _("无")
        return CheckOutcome(name, False, _(
            "lower 得到的 StableHLO 里没有 custom_call @rms_norm(找到的 custom_call:"
            "{shown}):lowering 没有用 FFI target rms_norm"
        ).format(shown=shown))
    if not from_kernel.shows_handler:
        return CheckOutcome(name, False, _("StableHLO 里有 custom_call @rms_norm,但结果大多不是 rms_norm "
                                         "内核的输出(custom_call 的结果没有被用上,数值来自别处)"))
    return CheckOutcome(
        name, True, _("StableHLO 中有 stablehlo.custom_call @rms_norm,结果来自 rms_norm 内核")
    )


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    if observed_nothing(obs):
        return lost(EXERCISE)
    a, p = inp.arrays, inp.params
    if obs.values.get("prim.class") == "builtins.NoneType":
        return unanswered(EXERCISE, _("没有找到 rms_norm_prim_p"))
    eps0 = p["eps"]
    from_kernel = HandlerEvidence(_(" rms_norm 内核"))
    outcomes: list[CheckOutcome] = []

    def close(c: ArrayCases, key: str, x: np.ndarray, what: str, eps: float = eps0) -> None:
        """Close to float64 RMSNorm and bit for bit the course kernel's output on `x`."""
        from_kernel.close(c, key, _rms(x, eps), course_rms_norm_f32(x, eps), what, rtol=RTOL, atol=ATOL)

    for name, prefix, label in (("eager", "eager", "eager"), ("jit", "jit", "jit")):
        c = ArrayCases(obs)
        for d in (1, 2, 3, 4):
            x = a[f"x{d}"]
            close(c, f"{prefix}.{d}", x, _("{label},形状 {shape}").format(label=label, shape=x.shape))
        if name == "eager":  # the eager call sequence: each call against the reference on its own input
            _call_cases(c, inp, close)
        outcomes.append(c.outcome(name))

    def batched(x: np.ndarray, axis: int) -> np.ndarray:
        return np.moveaxis(x, axis, 0)

    vmap_c = ArrayCases(obs)
    for k, case in enumerate(p["vmap_cases"]):
        x = a[f"xv{k}"]
        last = _("(最后一维)") if case["in_axes"] % x.ndim == x.ndim - 1 else ""
        what = _("vmap(in_axes={in_axes}{last_axis}),输入形状 {shape}").format(
            in_axes=case["in_axes"], last_axis=last, shape=x.shape
        )
        close(vmap_c, f"vmap.{k}", batched(x, case["in_axes"]), what)
    jit_vmap_c = ArrayCases(obs)
    for k, case in enumerate(p["jit_vmap_cases"]):
        x = a[f"xj{k}"]
        what = _("jit(vmap(in_axes={in_axes})),输入形状 {shape}").format(
            in_axes=case["in_axes"], shape=x.shape
        )
        close(jit_vmap_c, f"jit_vmap.{k}", batched(x, case["in_axes"]), what)

    c = ArrayCases(obs)
    for j, eps in enumerate(p["eps_cases"]):
        close(c, f"eps.{j}", a["xs"], _("jit 下 eps={eps:.3g}").format(eps=eps), eps)
        if obs.has("eager.2") and obs.error("eager.2") is None:  # an eager path that fails is "eager"'s loss
            close(c, f"eps_eager.{j}", a["xs"], _("eager 调用时 eps={eps:.3g}").format(eps=eps), eps)
    # eps under vmap (eager vmap, then jit(vmap)): the batching rule must pass eps on. Judged where
    # vmap with the default eps is right on that path; a batching rule that is wrong anyway already
    # loses the vmap points, and the eps point is about eps only.
    batching_right = (not vmap_c.problems, not jit_vmap_c.problems)  # eager vmap, jit(vmap)
    for j, case in enumerate(p.get("eps_vmap_cases", ())):
        if batching_right[j]:
            x = a[f"xe{j}"]
            how = "eager vmap" if j == 0 else "jit(vmap)"
            what = _("{how}(in_axes={in_axes}) 下 eps={eps:.3g},输入形状 {shape}").format(
                how=how, in_axes=case["in_axes"], eps=case["eps"], shape=x.shape
            )
            close(c, f"eps_vmap.{j}", batched(x, case["in_axes"]), what, case["eps"])
    outcomes.append(c.outcome("eps"))
    outcomes.append(vmap_c.outcome("vmap every axis"))
    outcomes.append(jit_vmap_c.outcome("jit of vmap"))

    c = ArrayCases(obs)
    for k, case in enumerate(p["nested_cases"]):
        x = a[f"xn{k}"]
        both = np.moveaxis(np.moveaxis(x, case["outer"], 0), case["inner"] + 1, 1)
        close(
            c,
            f"nested.{k}",
            both,
            _("vmap(vmap(·, in_axes={inner}), in_axes={outer}),输入形状 {shape}").format(
                inner=case["inner"], outer=case["outer"], shape=x.shape
            ),
        )
    outcomes.append(c.outcome("nested vmap"))
    return [_check_lowering(obs, from_kernel), *outcomes]


# --------------------------------------------------------------------------------------- input classes

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("calls.memo_traps", "transform",
               "an eager call sequence in an order drawn per structure: one array as it is and its bytes "
               "flattened (another normalisation), two fresh arrays of one shape the first collected "
               "before the second is made (its id free), a live array again; each call judged against "
               "the reference (an impl that memoises results by data bytes or id() returns a stale one)",
               ("eager",), lambda i: {s["why"] for s in i.params["calls"]["steps"]}
               >= {"reshaped", "recycled", "again"}),
    InputClass("shape.rank_1_to_4", "shape", "inputs of rank 1 to 4, normalised over the last axis",
               ("eager", "jit"),
               lambda i: [i.arrays[f"x{d}"].ndim for d in (1, 2, 3, 4)] == [1, 2, 3, 4]),
    InputClass("magnitude.small", "magnitude", "mean(x^2) ~ 2.5e-3, where eps changes the result", ("eps",),
               lambda i: float(np.mean(i.arrays["xs"].astype(np.float64) ** 2)) < 0.01),
    InputClass("transform.non_default_eps", "transform", "two non-default eps values, eager and under jit",
               ("eps",), lambda i: all(e != i.params["eps"] for e in i.params["eps_cases"])),
    InputClass("transform.batch_every_position", "transform",
               "the batch axis at every position of a 1-D and a 2-D example, jit(vmap) with in_axes -1, "
               "nested vmap",
               ("vmap every axis", "jit of vmap", "nested vmap"),
               lambda i: len(i.params["vmap_cases"]) == 5
               and any(c["in_axes"] == -1 for c in i.params["jit_vmap_cases"])),
    InputClass("transform.non_default_eps_under_vmap", "transform",
               "a non-default eps under vmap, eager and under jit: a batching rule that re-binds with the "
               "default eps (or drops it) is wrong (judged where vmap with the default eps is right)",
               ("eps",),
               lambda i: len(i.params.get("eps_vmap_cases", ())) == 2
               and all(c["eps"] != i.params["eps"] for c in i.params["eps_vmap_cases"])),
)
