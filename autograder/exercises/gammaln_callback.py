"""Exercise `gammaln_callback` (chapter 5, exercise 2): log Γ through `jax.pure_callback` with a
`jax.custom_jvp` derivative (trusted parent side: draws inputs, judges observations).

Expected values are SciPy float64 gammaln / digamma of the float32 inputs; the child only reports what
the student's `gammaln_cb` returned (see autograder/sandboxed/probes/gammaln_callback.py for the keys).

Points: the value and derivative checks compare with SciPy (behaviour). The structure checks are what
a callback returning zeros also has: the gate `forward via pure_callback` counts only with a forward
value check (values, jit, transposed input, vmap, nested vmap), `derivative via callback` only with a
derivative check (grad, transposed input, vmap of grad). No `gammaln_cb` is "unanswered".
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import scipy.special as sps

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
from autograder.exercises.class_draws import class_rng, log_uniform_with_ends
from autograder.exercises.input_classes import InputClass
from autograder.i18n import N_, _
from autograder.observations import ObservationInvalid, Observations

__all__ = ["EXERCISE", "inputs", "verdict"]

LOW, HIGH = 0.05, 50.0
# Past the largest float64 x with a finite Γ(x) (171.62...), and far past float32's (35.04).
OVERFLOW_LOW, OVERFLOW_HIGH = 172.0, 1.0e4
SMALL_LOW = 1.0e-6  # below LOW: log Γ ~ -log x, ψ ~ -1/x; continuous draws up to LOW, no fixed value
RTOL_VALUE, ATOL_VALUE = 1e-5, 1e-6
RTOL_GRAD, ATOL_GRAD = 1e-4, 1e-5
CUSTOM_JVP = "jax._src.custom_derivatives.custom_jvp"
# Primitives that compute log Γ / ψ inside XLA: their presence means the callback was bypassed.
NATIVE_FORWARD = ("lgamma",)
NATIVE_DERIVATIVE = ("digamma", "lgamma", "polygamma")

EXERCISE = Exercise(
    id="gammaln_callback",
    chapter="ch05",
    title_zh=N_("练习 2:用 pure_callback 调 SciPy 的 gammaln,并用 custom_jvp 提供导数"),
    subchecks=(
        SubCheck("forward via pure_callback", 1.0,
                 N_("前向计算经过 jax.pure_callback(没有用 JAX 自带的 lgamma)"),
                 gate=True, counts_with=("values", "jit", "transposed input", "vmap", "nested vmap")),
        SubCheck("derivative via callback", 1.0, N_("gammaln_cb 是 jax.custom_jvp,导数 ψ(x) 也经回调计算"),
                 counts_with=("grad", "transposed input", "vmap of grad")),
        SubCheck("values", 1.5,
                 N_("标量、1 维、3 维输入上的函数值(x 从 0.05 到 50,以及 Γ 溢出后的 172 到 1e4),"
                    "以及 jax.jvp 返回的函数值")),
        SubCheck("jit", 1.0, N_("jit 下的函数值")),
        SubCheck("transposed input", 1.0, N_("转置(非连续内存)输入上的函数值与导数")),
        SubCheck("grad", 1.5, N_("一阶导数 ψ(x)(标量、1 维,以及 jit 下的 3 维);jax.jvp 的切线")),
        SubCheck("vmap", 1.0, N_("vmap:in_axes 不为 0 时的结果")),
        SubCheck("nested vmap", 1.0, N_("嵌套 vmap(jit 下)")),
        SubCheck("vmap of grad", 1.0, N_("vmap(grad):逐样本导数")),
    ),
    relies_on=("jax.jit", "jax.vmap", "jax.grad", "jax.jvp", "jax.make_jaxpr", "jax.pure_callback"),
)


END_BAND = 0.02  # the ends are drawn within 2 % of LOW / HIGH: near the range's ends, never a fixed value


def _positive(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Log-uniform values in [LOW, HIGH]; arrays of 2+ elements hold a value near each end (drawn
    within END_BAND of it, continuous) at random places."""
    x = np.exp(rng.uniform(np.log(LOW), np.log(HIGH), size=shape)).astype(np.float32)
    if x.size >= 2:
        ends = rng.choice(x.size, size=2, replace=False)
        near = rng.uniform(0.0, END_BAND, size=2)
        x.flat[ends[0]], x.flat[ends[1]] = LOW * (1.0 + near[0]), HIGH * (1.0 - near[1])
    return x


def _distinct_dims(rng: np.random.Generator, n: int) -> tuple[int, ...]:
    return tuple(int(d) for d in rng.choice(np.arange(2, 8), size=n, replace=False))


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Shapes and in_axes from the structure seed (`rng`); every array's values, including where
    the ends LOW and HIGH sit, from `seed` (`values`)."""
    rng, values = np.random.default_rng(structure_seed), np.random.default_rng(seed)
    shape1 = (int(rng.integers(6, 14)),)
    shape3, shape_v, shape_n = _distinct_dims(rng, 3), _distinct_dims(rng, 3), _distinct_dims(rng, 3)
    vmap_in_axes = [int(rng.integers(1, 3)), -1]
    nested = {"inner": int(rng.integers(0, 2)), "outer": int(rng.integers(1, 3))}
    gshape = _distinct_dims(rng, 2)
    vg_in = int(rng.integers(1, 3))
    shape_g = gshape[:vg_in] + (int(rng.integers(2, 6)),) + gshape[vg_in:]
    arrays = {
        "xs": np.asarray(_positive(values, ()), np.float32),
        "x1": _positive(values, shape1),
        "w1": values.standard_normal(shape1).astype(np.float32),
        "x3": _positive(values, shape3),
        "w3": values.standard_normal(shape3).astype(np.float32),
        "xv": _positive(values, shape_v),
        "xn": _positive(values, shape_n),
        "xg": _positive(values, shape_g),
        "wg": values.standard_normal(gshape).astype(np.float32),
    }
    params = {"vmap_in_axes": vmap_in_axes, "nested": nested, "vmap_grad_in_axes": vg_in}
    # Class magnitude.gamma_overflow: x past float64 Γ's overflow (171.6) up to OVERFLOW_HIGH, where
    # log Γ stays finite; the length and where both ends sit come from the class's own generator.
    r = class_rng(structure_seed, EXERCISE.id, "magnitude.gamma_overflow")
    arrays["xo"] = log_uniform_with_ends(r, values, (int(r.integers(4, 9)),), OVERFLOW_LOW, OVERFLOW_HIGH)
    # the ends themselves moved inward by a drawn fraction (no value of the checks is a constant)
    xo, nudge = arrays["xo"], values.uniform(0.0, END_BAND, size=2)
    xo[xo == OVERFLOW_LOW] *= np.float32(1.0 + nudge[0])
    xo[xo == OVERFLOW_HIGH] *= np.float32(1.0 - nudge[1])
    arrays["wo"] = values.standard_normal(arrays["xo"].shape).astype(np.float32)
    # Class magnitude.below_range: 0 < x < LOW (log-uniform from SMALL_LOW), where ψ ~ -1/x is large
    # and a finite difference or a shifted series leaves the domain; no value is fixed.
    r = class_rng(structure_seed, EXERCISE.id, "magnitude.below_range")
    small = np.exp(values.uniform(np.log(SMALL_LOW), np.log(LOW), size=(int(r.integers(3, 7)),)))
    arrays["xsm"] = np.minimum(small, np.nextafter(np.float32(LOW), np.float32(0))).astype(np.float32)
    arrays["wsm"] = values.standard_normal(arrays["xsm"].shape).astype(np.float32)
    # The primal the host function meets instead of x1 in jvp.swapped (derivative judged by effect)
    arrays["xsw"] = _positive(values, shape1)
    # The call sequence (class calls.memo_traps); its arrays are drawn last, so every array above keeps
    # its values, all of x1's shape (compiled already by the eager cases), other values.
    params["calls"] = _call_plan(structure_seed)
    for j in range(CALL_ARRAYS):
        arrays[f"xr{j}"] = _positive(values, shape1)
    return ProbeInputs(seed, arrays, params)


# Why a call of the call sequence is there (translated where read).
_CALL_ZH: dict[str, str] = CALL_WHY_ZH
CALL_ARRAYS = 4  # xr0..xr3
_CALL_CODE = {("value", False): "gammaln_cb(x)", ("value", True): "jax.jit(gammaln_cb)(x)",
              ("grad", False): "jax.grad(lambda v: sum(w1 * gammaln_cb(v)))(x)"}


def _call_plan(structure_seed: int) -> dict:
    """The call sequence (probe `_run_calls`), its blocks in an order drawn from a stream of the
    structure seed of its own (the student's, never the submission's):
      - three fresh arrays of x1's shape, each dropped before the next is made (a memo keyed by id()
        returns an earlier one's result), two eager and one, at a drawn place, under jit;
      - x3 as it is and its bytes flattened (a memo keyed by the data's bytes returns the 3-D result);
      - value, then grad on one live array (a memo shared by the forward and the derivative: the JVP
        rule calls both callbacks, so one value call first suffices; or psi kept per shape);
      - x3 called again, between two blocks after its first call.
    The statement admits float32 only, so the dtype does not vary. Value steps are judged by
    "values", grad steps (loss sum(w1 * gammaln_cb(v))) by "grad". No grads on fresh arrays: an eager
    grad costs some 50 ms here (the course's callbacks compile per call), and after one the dropped
    array's id did not come back within the recycler's tries (measured with 64), so a JVP-rule memo keyed by
    id() is not caught by this sequence."""
    rng = np.random.default_rng([structure_seed, 61])

    def step(op: str, arg: str, why: str, form: str = "live", jit: bool = False) -> dict:
        return {"op": op, "arg": arg, "why": why, "form": form, "jit": jit}

    fresh = [step("value", "xr0", "first", "fresh"), step("value", "xr1", "recycled", "fresh")]
    fresh.insert(int(rng.integers(0, 3)), step("value", "xr3", "jit", "fresh", True))
    blocks = [
        fresh,
        [step("value", "x3", "first"), step("value", "x3", "reshaped", "flat")],
        [step("value", "xr2", "first"), step("grad", "xr2", "interleaved")],
    ]
    order = [int(i) for i in rng.permutation(len(blocks))]
    after = int(rng.integers(order.index(1) + 1, len(blocks) + 1))  # "again": between blocks, after x3's
    blocks.append([step("value", "x3", "again")])
    order.insert(after, len(blocks) - 1)
    return {"steps": [st for i in order for st in blocks[i]]}


def _call_input(a: dict[str, np.ndarray], step: dict) -> np.ndarray:
    x = a[step["arg"]]
    return x.reshape(-1) if step["form"] == "flat" else x


def _call_cases(c: ArrayCases, inp: ProbeInputs, op: str,
                judge: Callable[[ArrayCases, str, np.ndarray, str], None]) -> None:
    """Each call of the call sequence whose op is `op` ("value" or "grad"), judged on its own input."""
    for i, step in enumerate(inp.params.get("calls", {}).get("steps", ())):
        if step["op"] == op:
            x = _call_input(inp.arrays, step)
            call = _CALL_CODE[(op, step["jit"])]
            judge(c, f"calls.{i}", x, _("调用序列第 {n} 次:{call}({why}),形状 {shape}").format(
                n=i + 1, call=call, why=_(_CALL_ZH[step["why"]]), shape=x.shape))


def _gammaln(x: np.ndarray) -> np.ndarray:
    return sps.gammaln(np.asarray(x, np.float64))


def _digamma(x: np.ndarray) -> np.ndarray:
    return sps.digamma(np.asarray(x, np.float64))


def _names(obs: Observations, key: str) -> list[str]:
    raised = student_error_zh(obs, key)
    if raised:
        raise ObservationInvalid(key, raised)
    names = obs.raw(key)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ObservationInvalid(key, _("jaxpr 的观测结果格式不对"))
    return names


# What the probe reports for a student's own primitive that borrows the name (probes/jaxpr_walk.py).
IMPOSTOR = "pure_callback(impostor)"


def _check_forward(obs: Observations) -> CheckOutcome:
    name = "forward via pure_callback"
    try:
        names = _names(obs, "jaxpr.forward")
    except ObservationInvalid as exc:
        return CheckOutcome(name, False, f"make_jaxpr(gammaln_cb):{exc.message_zh}")
    native = sorted({n for n in names if n in NATIVE_FORWARD})
    if "pure_callback" not in names and IMPOSTOR in names:
        return CheckOutcome(name, False, _("输出依赖的 pure_callback 方程不是 jax.pure_callback 本身"
                                         "(是借用了这个名字的另一个原语,pure_callback(impostor))"))
    if "pure_callback" not in names:
        return CheckOutcome(name, False, _("gammaln_cb 的输出不依赖任何 pure_callback 方程:前向没有经过 "
                                         "jax.pure_callback 调 SciPy"))
    if native:
        return CheckOutcome(
            name,
            False,
            _("输出依赖 JAX 自带的 {join} 原语:前向绕开了 SciPy 回调").format(join=_("、").join(native)),
        )
    return CheckOutcome(name, True, _("输出来自 pure_callback 方程"))


def _check_derivative(obs: Observations, a: dict[str, np.ndarray]) -> CheckOutcome:
    """The tangent depends on a pure_callback and, by effect, comes from the host's computation on
    the primal: with the callbacks' x1 operands swapped for xsw (probe: jvp.swapped) it follows ψ(xsw)."""
    name = "derivative via callback"
    try:
        names = _names(obs, "jaxpr.tangent")
        kind = obs.text("type")
    except ObservationInvalid as exc:
        return CheckOutcome(
            name, False, _("jvp(gammaln_cb) 的 jaxpr:{message_zh}").format(message_zh=exc.message_zh)
        )
    if kind != CUSTOM_JVP:
        return CheckOutcome(
            name, False, _("gammaln_cb 的类型是 {value},应由 @jax.custom_jvp 定义").format(value=kind[:100])
        )
    native = sorted({n for n in names if n in NATIVE_DERIVATIVE})
    if native:
        return CheckOutcome(
            name,
            False,
            _("切线依赖 JAX 自带的 {join} 原语:导数没有经回调调 SciPy").format(join=_("、").join(native)),
        )
    if "pure_callback" not in names:
        return CheckOutcome(name, False, _("切线输出不依赖任何 pure_callback 方程:导数 ψ(x) 应经回调调 "
                                         "scipy.special.digamma"))
    if "xsw" in a:
        c = ArrayCases(obs)
        c.close("jvp.swapped", a["w1"] * _digamma(a["xsw"]), _("回调收到另一组 x 时 jax.jvp 的切线"),
                rtol=RTOL_GRAD, atol=ATOL_GRAD)
        if c.problems:
            return CheckOutcome(name, False, _("切线没有跟着回调在主机上的计算走:回调收到的 x 换成另一组值时,"
                                             "切线应随之改变(ψ(x) 要由回调用 x 算出,不能在 JAX 里算好再"
                                             "经回调原样传回)。{detail}").format(detail=c.problems[0]))
    return CheckOutcome(name, True, _("gammaln_cb 是 custom_jvp,切线来自回调对 x 的计算"))


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    if observed_nothing(obs):
        return lost(EXERCISE)
    a, p = inp.arrays, inp.params
    if obs.values.get("type") == "builtins.NoneType":
        return unanswered(EXERCISE, _("没有找到 gammaln_cb"))
    outcomes = [_check_forward(obs), _check_derivative(obs, a)]

    def value(c: ArrayCases, key: str, x: np.ndarray, what: str) -> None:
        c.close(key, _gammaln(x), what, rtol=RTOL_VALUE, atol=ATOL_VALUE)

    def grad(c: ArrayCases, key: str, expected: np.ndarray, what: str) -> None:
        c.close(key, expected, what, rtol=RTOL_GRAD, atol=ATOL_GRAD)

    c = ArrayCases(obs)
    value(c, "value.scalar", a["xs"], _("gammaln_cb(标量 {float:.4g})").format(float=float(a['xs'])))
    value(c, "value.vector", a["x1"], _("形状 {shape} 的输入").format(shape=a['x1'].shape))
    value(c, "value.cube", a["x3"], _("形状 {shape} 的输入").format(shape=a['x3'].shape))
    if obs.error("jvp.primal") is None:  # a jvp that raises is the derivative checks' loss, not this one's
        value(c, "jvp.primal", a["x1"], _("jax.jvp 返回的函数值(JVP 规则的 primal 输出)"))
    value(c, "value.overflow", a["xo"],
          _("x 在 {low:g} 到 {high:g} 之间(Γ(x) 已溢出,log Γ(x) 有限)").format(
              low=OVERFLOW_LOW, high=OVERFLOW_HIGH
          ))
    if "xsm" in a:
        value(c, "value.small", a["xsm"], _("x 在 {low:g} 到 {high:g} 之间").format(low=SMALL_LOW, high=LOW))
    _call_cases(c, inp, "value", value)
    outcomes.append(c.outcome("values"))

    c = ArrayCases(obs)
    value(c, "jit.vector", a["x1"], _("jit,形状 {shape}").format(shape=a['x1'].shape))
    value(c, "jit.cube", a["x3"], _("jit,形状 {shape}").format(shape=a['x3'].shape))
    outcomes.append(c.outcome("jit"))

    c = ArrayCases(obs)
    value(c, "transposed.eager", a["x3"][::-1].T, _("x[::-1].T(NumPy 非连续视图)"))
    value(c, "transposed.jit", a["x3"].T, _("jit 内的 x.T"))
    grad(c, "grad.transposed", a["w3"] * _digamma(a["x3"]), _("对转置输入求 grad"))
    outcomes.append(c.outcome("transposed input"))

    c = ArrayCases(obs)
    grad(c, "grad.scalar", _digamma(a["xs"]), _("grad(gammaln_cb)(标量 {x:.4g})").format(x=float(a["xs"])))
    grad(c, "grad.vector", a["w1"] * _digamma(a["x1"]), _("grad,形状 {shape}").format(shape=a["x1"].shape))
    grad(c, "grad.cube_jit", a["w3"] * _digamma(a["x3"]),
         _("jit(grad),形状 {shape}").format(shape=a["x3"].shape))
    grad(c, "jvp.tangent", a["w1"] * _digamma(a["x1"]), _("jax.jvp 返回的切线"))
    grad(c, "grad.overflow", a["wo"] * _digamma(a["xo"]),
         _("x 在 {low:g} 到 {high:g} 之间的 grad").format(low=OVERFLOW_LOW, high=OVERFLOW_HIGH))
    if "xsm" in a:
        grad(c, "grad.small", a["wsm"] * _digamma(a["xsm"]),
             _("x 在 {low:g} 到 {high:g} 之间的 grad").format(low=SMALL_LOW, high=LOW))
    _call_cases(c, inp, "grad", lambda c, key, x, what: grad(c, key, a["w1"] * _digamma(x), what))
    outcomes.append(c.outcome("grad"))

    c = ArrayCases(obs)
    for i, axis in enumerate(p["vmap_in_axes"]):
        value(c, f"vmap.{i}", np.moveaxis(a["xv"], axis, 0), f"vmap(in_axes={axis})")
    outcomes.append(c.outcome("vmap"))

    c = ArrayCases(obs)
    nested = p["nested"]
    both = np.moveaxis(np.moveaxis(a["xn"], nested["outer"], 0), nested["inner"] + 1, 1)
    value(c, "vmap.nested", both, f"vmap(vmap(·, in_axes={nested['inner']}), in_axes={nested['outer']})")
    outcomes.append(c.outcome("nested vmap"))

    c = ArrayCases(obs)
    k = p["vmap_grad_in_axes"]
    per = np.moveaxis(a["xg"], k, 0)
    grad(c, "vmap_grad", a["wg"][None] * _digamma(per), f"vmap(grad, in_axes=({k}, None))")
    outcomes.append(c.outcome("vmap of grad"))
    return outcomes


# --------------------------------------------------------------------------------------- input classes

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("shape.rank_0_1_3", "shape", "a 0-d, a 1-D and a 3-D input, eager and under jit",
               ("values", "jit", "grad"),
               lambda i: (i.arrays["xs"].ndim, i.arrays["x1"].ndim, i.arrays["x3"].ndim) == (0, 1, 3)),
    InputClass("shape.non_contiguous", "shape",
               "a reversed and transposed 3-D input (a callback that assumes C order fails)",
               ("transposed input",), lambda i: len(set(i.arrays["x3"].shape)) == 3),
    InputClass("axes.negative_in_axes", "axes", "vmap with in_axes -1 and a positive non-zero axis",
               ("vmap",),
               lambda i: -1 in i.params["vmap_in_axes"] and any(a > 0 for a in i.params["vmap_in_axes"])),
    InputClass("transform.nested_vmap_grad", "transform", "nested vmap and vmap of grad off axis 0",
               ("nested vmap", "vmap of grad"), lambda i: i.params["vmap_grad_in_axes"] >= 1),
    InputClass("magnitude.below_range", "magnitude",
               "3..6 values log-uniform in (1e-6, 0.05), below the range of the other inputs, where "
               "psi(x) ~ -1/x (a finite difference steps out of the domain, a shifted series loses digits); "
               "value and grad", ("values", "grad"),
               lambda i: 0 < float(i.arrays["xsm"].min()) and float(i.arrays["xsm"].max()) < LOW),
    InputClass("magnitude.gamma_overflow", "magnitude",
               "x past Γ's overflow in float64 (172 to 1e4; float32's is 35), where log Γ stays finite: "
               "log(gamma(x)) is inf there, in either precision",
               ("values", "grad"),
               lambda i: float(i.arrays["xo"].min()) > 171.7 and float(i.arrays["xo"].max()) >= 1e3),
    InputClass("calls.memo_traps", "transform",
               "a call sequence in an order drawn per structure: three fresh arrays of one shape, each "
               "collected before the next is made (its id free), one of them under jit; an array as it is "
               "and its bytes in another shape; value then grad on one live array; a live array again; "
               "each call judged "
               "against SciPy (a memo keyed by id(), by the data's bytes, or shared by the forward and the "
               "derivative returns a stale result). float32 only: the statement admits no other dtype",
               ("values", "grad"), lambda i: {s["why"] for s in i.params["calls"]["steps"]}
               >= {"reshaped", "recycled", "again", "interleaved", "jit"}),
    InputClass("dtype.float64", "dtype", "float64 under x64 through the callback",
               outside_task="the exercise's interface takes float32 arrays only"),
    InputClass("dtype.integer_complex", "dtype", "integer or complex inputs",
               outside_task="the statement admits float32 arrays only (integer and complex inputs are not "
                            "required)"),
)
