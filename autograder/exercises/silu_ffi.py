"""Exercise `silu_ffi` (chapter 5, exercise 3): SiLU as C++ XLA FFI kernels `Silu` / `SiluBwd` with a
`jax.custom_vjp` (trusted parent side: draws inputs, judges observations).

Expected values are float64 SiLU  y = x·σ(x)  and its cotangent  ct_x = ct_y·σ(x)·(1 + x·(1 − σ(x)))
computed here. The notebook probe reports what `silu_ffi` did; the kernel probe (a child with no
student Python) reports what the student's compiled handlers return when called directly (see
autograder/sandboxed/probes/silu_ffi.py and silu_ffi_kernel.py for the observation keys).

Points: the value, gradient and direct kernel checks compare with float64 SiLU (behaviour). A
notebook value or gradient case passes only if its array is also bit for bit what the student's own
handler returns on the same input, as the kernel child measured it (inputs `kx_nb*`, observations
`kernel.nb.*`): values from jnp next to a `custom_call` whose result is thrown away, or from another
handler registered under `silu`, are close but not the student's kernel's (see
autograder/exercises/provenance.py). The structure checks are what kernels writing zeros also
have: the gate `forward via FFI` needs the custom calls and at least one forward case that is the
student's `Silu` output, and counts only with a forward value check (values, edge shapes, vmap,
kernel Silu); `backward via FFI` needs a gradient case that is the student's `SiluBwd` output and
counts only with a gradient check (grad, vmap of grad, kernel SiluBwd). No `silu_ffi` and no usable
kernel handler is "unanswered".
"""

from __future__ import annotations

import re

import numpy as np
from scipy.special import expit

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
from autograder.exercises.input_classes import InputClass
from autograder.exercises.provenance import HandlerEvidence
from autograder.i18n import N_, _
from autograder.messages import KERNEL_NOT_RUN_ZH, KERNEL_UNAVAILABLE_ZH
from autograder.observations import ObservationInvalid, Observations
from autograder.sandboxed.wire import KERNEL_RUN_KEY

__all__ = ["EXERCISE", "big_case_inputs", "inputs", "verdict"]

RTOL_VALUE, ATOL_VALUE = 1e-5, 1e-6
RTOL_GRAD, ATOL_GRAD = 1e-4, 1e-5
BIG = 100.0
CUSTOM_VJP = "jax._src.custom_derivatives.custom_vjp"
_TARGET = re.compile(r'custom_call_target="([^"]+)"')
# Primitives that compute a sigmoid inside XLA: the forward must not depend on them.
NATIVE_SIGMOID = ("logistic",)

EXERCISE = Exercise(
    id="silu_ffi",
    chapter="ch05",
    title_zh=N_("练习 3:C++ FFI 逐元素内核 SiLU 与 custom_vjp 梯度"),
    subchecks=(
        SubCheck("forward via FFI", 1.0, N_("前向编译后调用 FFI 内核 silu(没有用 JAX 自带的 sigmoid)"),
                 gate=True, counts_with=("values", "edge shapes", "vmap", "kernel Silu")),
        SubCheck("backward via FFI", 1.0,
                 N_("silu_ffi 是 jax.custom_vjp,value_and_grad 编译后同时调用 silu 和 silu_bwd"),
                 counts_with=("grad", "vmap of grad", "kernel SiluBwd")),
        SubCheck("values", 1.5, N_("1 维到 3 维输入上的函数值(含 exp 溢出 float32 与 float64 的大 |x|,"
                                     "eager 与 jit)")),
        SubCheck("edge shapes", 1.0, N_("0 维与空数组上的函数值和梯度")),
        SubCheck("grad", 1.5, N_("梯度(含 exp 溢出 float32 与 float64 的大 |x|,以及 jit 下的梯度);"
                                   "jax.vjp 返回的函数值")),
        SubCheck("vmap", 1.0, N_("vmap:in_axes 不为 0 时的结果")),
        SubCheck("vmap of grad", 1.0, N_("vmap(grad):逐样本梯度")),
        SubCheck("kernel Silu", 1.0, N_("直接调用 C++ 处理函数 Silu 的结果")),
        SubCheck("kernel SiluBwd", 1.0, N_("直接调用 C++ 处理函数 SiluBwd 的结果")),
    ),
    relies_on=("jax.jit", "jax.grad", "jax.vmap", "jax.value_and_grad", "jax.make_jaxpr",
               "jax.stages.Lowered.compile", "jax.stages.Compiled.as_text", "jax.ffi.ffi_call"),
    kernel_probe=True,
)


# The overflow boundaries, drawn continuously (no value an answer could special-case): exp(|x|) leaves
# float32 past 88.72, and float64 past 709.78 (a kernel that computes in double overflows there).
F32_EXP_OVERFLOW, F64_EXP_OVERFLOW, FAR = 88.73, 709.79, 1e4


def _values(rng: np.random.Generator, shape: tuple[int, ...], *, big: bool = True) -> np.ndarray:
    """Normal(0, 4) values; arrays of 2+ elements also hold one value of each sign drawn between
    float32's exp overflow and BIG, and arrays of 4+ one of each sign past float64's (up to FAR), at
    random places."""
    x = (rng.standard_normal(shape) * 4.0).astype(np.float32)
    if big and x.size >= 2:
        mags = [*rng.uniform(F32_EXP_OVERFLOW, BIG, size=2), *rng.uniform(F64_EXP_OVERFLOW, FAR, size=2)]
        k = 4 if x.size >= 4 else 2
        places = rng.choice(x.size, size=k, replace=False)
        for place, mag, sign in zip(places, mags[:k], (-1.0, 1.0, -1.0, 1.0), strict=False):
            x.flat[place] = np.float32(sign * mag)
    return x


def _dims(rng: np.random.Generator, n: int) -> tuple[int, ...]:
    return tuple(int(d) for d in rng.choice(np.arange(2, 8), size=n, replace=False))


def inputs(seed: int, *, structure_seed: int) -> ProbeInputs:
    """Shapes and in_axes from the structure seed (`rng`); every array's values, including where
    -100 and +100 sit, from `seed` (`values`). The 0-d and empty cases are in every structure."""
    rng, values = np.random.default_rng(structure_seed), np.random.default_rng(seed)
    shapes = {1: (int(rng.integers(5, 12)),), 2: _dims(rng, 2), 3: _dims(rng, 3)}
    empty_rows = int(rng.integers(2, 5))
    shape_v, gshape = _dims(rng, 3), _dims(rng, 2)
    vg_in = int(rng.integers(1, 3))
    shape_g = gshape[:vg_in] + (int(rng.integers(2, 5)),) + gshape[vg_in:]
    kernel_shapes = [(), (0,), (int(rng.integers(20, 40)),), _dims(rng, 2), _dims(rng, 3)]
    vmap_in_axes = [int(rng.integers(1, 3)), -1]
    arrays: dict[str, np.ndarray] = {}
    for n, shape in shapes.items():
        arrays[f"x{n}"] = _values(values, shape)
        arrays[f"w{n}"] = values.standard_normal(shape).astype(np.float32)
    arrays["x0"] = np.asarray(values.standard_normal() * 4.0, np.float32)
    arrays["w0"] = np.asarray(values.standard_normal(), np.float32)
    arrays["xe"] = np.zeros((0,), np.float32)
    arrays["we"] = np.zeros((0,), np.float32)
    arrays["xe2"] = np.zeros((empty_rows, 0), np.float32)
    arrays["xv"] = _values(values, shape_v)
    arrays["xg"] = _values(values, shape_g)
    arrays["wg"] = values.standard_normal(gshape).astype(np.float32)
    for i, shape in enumerate(kernel_shapes):
        arrays[f"kx_{i}"] = _values(values, shape)
        arrays[f"kct_{i}"] = values.standard_normal(shape).astype(np.float32)
    arrays.update(_cotangent_batched(rng, values))
    arrays.update(_notebook_kernel_inputs(arrays, vg_in))
    params = {"vmap_in_axes": vmap_in_axes, "vmap_grad_in_axes": vg_in, "kernel_cases": len(kernel_shapes),
              **_big_case(np.random.default_rng([structure_seed, 50])),
              "calls": _call_plan(structure_seed)}
    # The call sequence's arrays (class calls.memo_traps), drawn last so every array above keeps its
    # values: all of x1's shape (compiled already by the eager cases), another cotangent `wr`.
    for j in range(CALL_ARRAYS):
        arrays[f"xr{j}"] = _values(values, shapes[1])
    arrays["wr"] = values.standard_normal(shapes[1]).astype(np.float32)
    # The kernel child's loop case (class calls.memo_traps): each handler on its own output in a while
    # loop, whose state keeps one buffer: every call after the first meets the same pointer.
    loop = np.random.default_rng([structure_seed, 63])
    params["loop_trips"] = int(loop.integers(3, 5))
    arrays["kx_loop"] = _values(values, (int(loop.integers(6, 13)),), big=False)
    arrays["kct_loop"] = values.standard_normal(arrays["kx_loop"].shape).astype(np.float32)
    return ProbeInputs(seed, arrays, params)


def loop_expected(a: dict[str, np.ndarray], p: dict) -> tuple[np.ndarray, np.ndarray]:
    """The loop case's final states in float64: Silu applied `loop_trips` times to kx_loop, and
    u <- SiluBwd(u, kct_loop) as often from u = kx_loop."""
    y = u = np.asarray(a["kx_loop"], np.float64)
    for _trip in range(int(p["loop_trips"])):
        y, u = silu64(y), silu_vjp64(u, a["kct_loop"])
    return y, u


# Why a call of the call sequence is there (translated where read).
_CALL_ZH: dict[str, str] = {
    **CALL_WHY_ZH,
    "recycled_buffer": N_("前一个数组被回收之后新建的数组(内核可能拿到同一块内存、同样的指针)"),
    "other_cotangent": N_("同一个数组对象、另一个余切(权重)上的 grad"),
}
CALL_ARRAYS = 7  # xr0..xr6
_CALL_CODE = {("value", False): "silu_ffi(x)", ("value", True): "jax.jit(silu_ffi)(x)",
              ("grad", False): "jax.grad(lambda v: sum(w * silu_ffi(v)))(x)"}


def _call_plan(structure_seed: int) -> dict:
    """The call sequence (probe `_run_calls`), its blocks in an order drawn from a stream of the
    structure seed of its own (the student's, never the submission's):
      - fresh arrays of x1's shape, each dropped before the next is made: one that takes the first's
        buffer (a static cache in the kernel keyed by the data pointer returns the old result), one
        that takes its id (a Python memo keyed by id()), and one under jit, first or last as drawn;
      - x2 as it is and its bytes flattened (a memo keyed by the data's bytes);
      - value, grad with w1, grad with another cotangent wr, value on one live array (a memo in the
        backward rule that ignores the cotangent, or shared by the forward and the backward);
      - grads on two fresh arrays, the second in the first's buffer (a cache in SiluBwd);
      - x2 called again, between two blocks after its first call.
    The statement admits float32 only, so the dtype does not vary. Value steps are judged by
    "values", grad steps (loss sum(w * silu_ffi(v))) by "grad"."""
    rng = np.random.default_rng([structure_seed, 62])

    def step(op: str, arg: str, why: str, form: str = "live", *, jit: bool = False, w: str = "w1",
             reuse: str = "id") -> dict:
        return {"op": op, "arg": arg, "why": why, "form": form, "jit": jit, "w": w, "reuse": reuse}

    # a recycled_buffer step right after the one whose buffer it takes: a handler's static cache keeps
    # its last call only, so no other call of the handler may come between them
    fresh = [step("value", "xr0", "first", "fresh"),
             step("value", "xr1", "recycled_buffer", "fresh", reuse="address"),
             step("value", "xr6", "recycled", "fresh")]
    fresh.insert(3 * int(rng.integers(0, 2)), step("value", "xr5", "jit", "fresh", jit=True))
    blocks = [
        fresh,
        [step("value", "x2", "first"), step("value", "x2", "reshaped", "flat")],
        [step("value", "xr2", "first"), step("grad", "xr2", "interleaved"),
         step("grad", "xr2", "other_cotangent", w="wr"), step("value", "xr2", "interleaved")],
        [step("grad", "xr3", "first", "fresh"),
         step("grad", "xr4", "recycled_buffer", "fresh", reuse="address")],
    ]
    order = [int(i) for i in rng.permutation(len(blocks))]
    after = int(rng.integers(order.index(1) + 1, len(blocks) + 1))  # "again": between blocks, after x2's
    blocks.append([step("value", "x2", "again")])
    order.insert(after, len(blocks) - 1)
    return {"steps": [st for i in order for st in blocks[i]]}


def _call_cases(c: ArrayCases, inp: ProbeInputs, op: str) -> None:
    """Each call of the call sequence whose op is `op` ("value" or "grad"), judged on its own input
    against float64 SiLU (its bits are the kernel's business: the other cases judge provenance)."""
    a = inp.arrays
    for i, step in enumerate(inp.params.get("calls", {}).get("steps", ())):
        if step["op"] != op:
            continue
        x = a[step["arg"]].reshape(-1) if step["form"] == "flat" else a[step["arg"]]
        what = _("调用序列第 {n} 次:{call}({why}),形状 {shape}").format(
            n=i + 1, call=_CALL_CODE[(op, step["jit"])].replace("sum(w ", f"sum({step['w']} "),
            why=_(_CALL_ZH[step["why"]]), shape=x.shape)
        if op == "value":
            c.close(f"calls.{i}", silu64(x), what, rtol=RTOL_VALUE, atol=ATOL_VALUE)
        else:
            c.close(f"calls.{i}", silu_vjp64(x, a[step["w"]]), what, rtol=RTOL_GRAD, atol=ATOL_GRAD)


def _cotangent_batched(rng: np.random.Generator, values: np.random.Generator) -> dict[str, np.ndarray]:
    """The backward rule under vmap with `x` unbatched and the cotangent batched: per-example weights
    `wc` (vmap(grad) with in_axes (None, 0)) on `xc`, and jax.jacrev on `xj` (the rows of the identity
    as cotangents). `xc_b` / `xj_b` are those x as the batched backward sees them, for the kernel
    child (the bits the gradients must have)."""
    xc = _values(values, (int(rng.integers(4, 9)),))
    wc = values.standard_normal((int(rng.integers(2, 5)), xc.size)).astype(np.float32)
    xj = _values(values, (int(rng.integers(4, 8)),))
    return {"xc": xc, "wc": wc, "xj": xj, "xc_b": np.ascontiguousarray(np.broadcast_to(xc, wc.shape)),
            "xj_b": np.ascontiguousarray(np.broadcast_to(xj, (xj.size, xj.size)))}


# The large-array case of the kernel child: BIG_N elements (16 MiB of float32 per buffer), made inside
# the XLA program from an iota (no 16 MiB constant, no transfer): x_i = f32(i - BIG_N / 2) * step, one
# float32 multiply, so the parent has the same x exactly; the cotangent is f32(i mod 7 - 3). A handler
# with a scratch buffer on the stack (a variable-length array, alloca) overflows its thread's stack
# here. The kernel child reads back the outputs at `big_idx` only.
BIG_N = 1 << 22


def _big_case(rng: np.random.Generator) -> dict:
    """The program of the large-array case (its step and samples are constants of the kernel child's
    program): from a stream of the structure seed of its own."""
    step = float(np.float32(rng.uniform(1.0e-5, 2.5e-5)))  # |x| up to 21..52
    stride = int(rng.integers(BIG_N // 80, BIG_N // 60))  # 60..80 samples, the first at a drawn offset
    return {"big_n": BIG_N, "big_step": step, "big_offset": int(rng.integers(0, stride)),
            "big_stride": stride}


def big_case_inputs(p: dict) -> tuple[np.ndarray, np.ndarray]:
    """x and the cotangent of the large-array case at the sampled indices, as the kernel child made them."""
    i = np.arange(p["big_offset"], p["big_n"], p["big_stride"], dtype=np.int64)
    x = (i - p["big_n"] // 2).astype(np.float32) * np.float32(p["big_step"])
    return x.astype(np.float32), ((i % 7) - 3).astype(np.float32)


# The notebook cases the kernel child also runs through the student's handlers, flattened and
# concatenated in this order (the handlers are elementwise, so one call per handler serves all):
# forward inputs, and the inputs of the gradient cases with their cotangents (the probe's loss
# sum(w * silu_ffi(v)) hands the backward exactly w, grad of a 0-d input exactly 1).
NB_FWD = ("x1", "x2", "x3", "x0", "xv")
NB_BWD = ("x0", "x1", "x3", "x2", "xg", "xc_b", "xj_b")


def _notebook_kernel_inputs(a: dict[str, np.ndarray], vg_in: int) -> dict[str, np.ndarray]:
    cts = {"x0": np.ones((), np.float32), "x1": a["w1"], "x3": a["w3"], "x2": a["w2"],
           "xg": np.broadcast_to(np.expand_dims(a["wg"], vg_in), a["xg"].shape),
           "xc_b": a["wc"], "xj_b": np.eye(a["xj"].size, dtype=np.float32)}
    return {"kx_nb": np.concatenate([a[x].ravel() for x in NB_FWD]),
            "kx_nb_bwd": np.concatenate([a[x].ravel() for x in NB_BWD]),
            "kct_nb_bwd": np.concatenate([np.asarray(cts[x], np.float32).ravel() for x in NB_BWD])}


def _handler_outputs(inp: ProbeInputs, obs: Observations, key: str,
                     names: tuple[str, ...]) -> dict[str, np.ndarray]:
    """The kernel child's output of one handler on the concatenated notebook inputs, cut back into
    the arrays named (each shaped like its input); empty when the kernel child gave no usable output."""
    shapes = [inp.arrays[n].shape for n in names]
    sizes = [int(np.prod(s)) for s in shapes]
    try:
        flat = obs.array(key, shape=(sum(sizes),), kinds="f", dtype="float32")
    except ObservationInvalid:
        return {}
    ends = np.cumsum(sizes)
    return {n: flat[end - size:end].reshape(shape)
            for n, shape, size, end in zip(names, shapes, sizes, ends, strict=True)}


def silu64(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    return x * expit(x)


def silu_vjp64(x: np.ndarray, ct: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    s = expit(x)
    return np.asarray(ct, np.float64) * s * (1.0 + x * (1.0 - s))


def _targets(obs: Observations, key: str) -> list[str]:
    raised = student_error_zh(obs, key)
    if raised:
        raise ObservationInvalid(key, raised)
    return _TARGET.findall(obs.text(key))


def _check_forward(obs: Observations, from_silu: HandlerEvidence) -> CheckOutcome:
    name = "forward via FFI"
    try:
        targets = _targets(obs, "hlo.forward")
        raised = student_error_zh(obs, "jaxpr.forward")
        if raised:
            raise ObservationInvalid("jaxpr.forward", raised)
        names = obs.raw("jaxpr.forward")
    except ObservationInvalid as exc:
        return CheckOutcome(
            name, False, _("编译 jit(silu_ffi):{message_zh}").format(message_zh=exc.message_zh)
        )
    if "silu" not in targets:
        shown = _("、").join(sorted(set(targets))) or _("无")
        return CheckOutcome(name, False, _(
            "jit(silu_ffi) 编译后的 HLO 里没有调用 FFI target silu 的 custom-call(找到的 "
            "custom-call:{shown})"
        ).format(shown=shown))
    if not isinstance(names, list) or "ffi_call" not in names:
        return CheckOutcome(name, False, _("silu_ffi 的输出不依赖 ffi_call:FFI 内核的结果没有被用上"))
    native = sorted({n for n in names if n in NATIVE_SIGMOID})
    if native:
        return CheckOutcome(
            name,
            False,
            _("silu_ffi 的输出依赖 JAX 自带的 {join}:前向绕开了 C++ 内核").format(join=_("、").join(native)),
        )
    if not from_silu.shows_handler:
        return CheckOutcome(name, False, _("silu_ffi 的结果大多不是你的 Silu 内核的输出(与直接调用 Silu 的"
                                         "结果不逐位相同):custom-call silu 的结果没有被用上,数值来自别处"))
    return CheckOutcome(name, True, _("编译后的前向调用 custom-call silu,结果来自你的 Silu 内核"))


def _check_backward(obs: Observations, from_bwd: HandlerEvidence) -> CheckOutcome:
    name = "backward via FFI"
    try:
        kind = obs.text("type")
        targets = _targets(obs, "hlo.value_and_grad")
    except ObservationInvalid as exc:
        return CheckOutcome(
            name, False, _("编译 jit(value_and_grad):{message_zh}").format(message_zh=exc.message_zh)
        )
    if kind != CUSTOM_VJP:
        return CheckOutcome(
            name, False, _("silu_ffi 的类型是 {value},应由 @jax.custom_vjp 定义").format(value=kind[:100])
        )
    missing = [t for t in ("silu", "silu_bwd") if t not in targets]
    if missing:
        shown = _("、").join(sorted(set(targets))) or _("无")
        return CheckOutcome(
            name,
            False,
            _("value_and_grad 编译后的 HLO 缺少 custom-call {join}(找到的:{shown})").format(
                join=_("、").join(missing), shown=shown
            ),
        )
    if not from_bwd.shows_handler:
        return CheckOutcome(name, False, _("梯度大多不是你的 SiluBwd 内核的输出(与直接调用 SiluBwd 的结果"
                                         "不逐位相同):custom-call silu_bwd 的结果没有被用上"))
    return CheckOutcome(name, True, _("value_and_grad 编译后调用 silu 与 silu_bwd,梯度来自你的 SiluBwd 内核"))


def _big_case_check(c: ArrayCases, obs: Observations, p: dict, key: str, symbol: str) -> None:
    """Silu's or SiluBwd's part of the one large-array call of the kernel child, at the sampled
    indices. The kernel child makes it last, after writing every other observation: a handler that
    crashes there (a scratch buffer on the stack) ends the child, and this case alone fails, saying
    so (one call runs both handlers: the crash is either's)."""
    x, ct = big_case_inputs(p)
    what = _("{symbol},{n} 个元素的大数组").format(symbol=symbol, n=p["big_n"])
    if "kernel.big" not in obs.values and obs.values.get(KERNEL_RUN_KEY) in BIG_CASE_ENDS:
        c.problems.append(_("{what}:Silu 与 SiluBwd 在这个大数组上的调用中,内核进程崩溃或超出内存"
                            "(栈上的大缓冲区?大数组的临时空间应放在堆上,或直接写进输出缓冲区)").format(what=what))
        return
    expected = silu64(x) if key == "fwd" else silu_vjp64(x, ct)
    rtol, atol = (RTOL_VALUE, ATOL_VALUE) if key == "fwd" else (RTOL_GRAD, ATOL_GRAD)
    c.close(f"kernel.big.{key}", expected, what, rtol=rtol, atol=atol)


def _loop_check(c: ArrayCases, inp: ProbeInputs, key: str, symbol: str) -> None:
    """Silu's or SiluBwd's half of the kernel child's loop case (`kernel.loop.fwd` / `.bwd`, split by
    `_split_halves`), against float64."""
    y, u = loop_expected(inp.arrays, inp.params)
    what = _("{symbol} 在循环里连续调用 {trips} 次、每次作用于上一次的输出(同一块缓冲区、不同的值)").format(
        symbol=symbol, trips=inp.params["loop_trips"])
    if key == "fwd":
        c.close("kernel.loop.fwd", y, what, rtol=RTOL_VALUE, atol=ATOL_VALUE)
    else:
        c.close("kernel.loop.bwd", u, what, rtol=RTOL_GRAD, atol=ATOL_GRAD)


def _split_halves(obs: Observations, key: str) -> Observations:
    """`kernel.<key>` (Silu's part, then SiluBwd's: the large-array case `big`, the loop case `loop`) as
    `kernel.<key>.fwd` and `kernel.<key>.bwd`; an error entry or a malformed array goes to both."""
    both = obs.values.get(f"kernel.{key}")
    if both is None:
        return obs
    if isinstance(both, np.ndarray) and both.ndim == 1 and both.size % 2 == 0:
        parts = {f"kernel.{key}.fwd": both[: both.size // 2], f"kernel.{key}.bwd": both[both.size // 2:]}
    else:
        parts = {f"kernel.{key}.fwd": both, f"kernel.{key}.bwd": both}
    return Observations(obs.exercise, {**obs.values, **parts})


# How the kernel child ended when the large-array case can have ended it (the other keys are written)
BIG_CASE_ENDS = ("crashed", "memory")


def _kernel_unavailable(obs: Observations) -> str | None:
    run = obs.values.get(KERNEL_RUN_KEY)
    if run is None or run == "ok":
        return None
    if run in BIG_CASE_ENDS and "kernel.nb.bwd" in obs.values and "kernel.big" not in obs.values:
        return None  # it ended in the large-array case, after writing the others (_big_case_check)
    if str(run) in KERNEL_UNAVAILABLE_ZH:
        return _(KERNEL_UNAVAILABLE_ZH[str(run)])
    return _(KERNEL_NOT_RUN_ZH).format(run=str(run)[:40])


def verdict(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    if observed_nothing(obs):
        return lost(EXERCISE)
    symbols = obs.values.get("kernel.symbols")
    no_handler = _kernel_unavailable(obs) is not None or (
        isinstance(symbols, dict) and not any(symbols.get(s) for s in ("Silu", "SiluBwd")))
    if obs.values.get("type") == "builtins.NoneType" and no_handler:
        return unanswered(EXERCISE, _("没有找到 silu_ffi,silu.cc 里也没有导出的处理函数"))
    from_silu, from_bwd = HandlerEvidence(_("你的 Silu 内核")), HandlerEvidence(_("你的 SiluBwd 内核"))
    notebook = _notebook_checks(inp, obs, from_silu, from_bwd)
    structure = [_check_forward(obs, from_silu), _check_backward(obs, from_bwd)]
    return [*structure, *notebook, *_kernel_checks(inp, obs)]


def _notebook_checks(inp: ProbeInputs, obs: Observations, from_silu: HandlerEvidence,
                     from_bwd: HandlerEvidence) -> list[CheckOutcome]:
    """The notebook's values and gradients: close to float64 SiLU and bit for bit the output of the
    student's handlers on the same inputs (as the kernel child measured them)."""
    a, p = inp.arrays, inp.params
    why = _kernel_unavailable(obs) or _("内核子进程没有给出它的输出")
    fwd = _handler_outputs(inp, obs, "kernel.nb.fwd", NB_FWD)
    bwd = _handler_outputs(inp, obs, "kernel.nb.bwd", NB_BWD)
    outcomes: list[CheckOutcome] = []

    def value(c: ArrayCases, key: str, x: np.ndarray, bits: np.ndarray | None, what: str) -> None:
        from_silu.close(c, key, silu64(x), bits, what, rtol=RTOL_VALUE, atol=ATOL_VALUE, unavailable_zh=why)

    def grad(c: ArrayCases, key: str, expected: np.ndarray, bits: np.ndarray | None, what: str) -> None:
        from_bwd.close(c, key, expected, bits, what, rtol=RTOL_GRAD, atol=ATOL_GRAD, unavailable_zh=why)

    def moved(bits: np.ndarray | None, axis: int) -> np.ndarray | None:
        return None if bits is None else np.moveaxis(bits, axis, 0)

    c = ArrayCases(obs)
    for n in (1, 2, 3):
        x = a[f"x{n}"]
        value(c, f"value.{n}", x, fwd.get(f"x{n}"), _("形状 {shape} 的输入").format(shape=x.shape))
        value(c, f"jit.{n}", x, fwd.get(f"x{n}"), _("jit,形状 {shape}").format(shape=x.shape))
    _call_cases(c, inp, "value")
    outcomes.append(c.outcome("values"))

    c = ArrayCases(obs)
    for e, key in (("scalar", "x0"), ("empty", "xe"), ("empty2", "xe2")):
        what = _("形状 {shape} 的输入").format(shape=a[key].shape)
        value(c, f"edge.value.{e}", a[key], fwd.get(key), what)
        value(c, f"edge.jit.{e}", a[key], fwd.get(key), f"jit,{what}")
    grad(c, "edge.grad.scalar", silu_vjp64(a["x0"], np.float64(1.0)), bwd.get("x0"),
         _("grad(silu_ffi)(0 维输入)"))
    grad(c, "edge.grad.empty", np.zeros((0,)), None, _("空数组上的 grad"))
    outcomes.append(c.outcome("edge shapes"))

    c = ArrayCases(obs)
    for n in (1, 3):
        x = a[f"x{n}"]
        grad(
            c,
            f"grad.{n}",
            silu_vjp64(x, a[f"w{n}"]),
            bwd.get(f"x{n}"),
            _("grad,形状 {shape}").format(shape=x.shape),
        )
    grad(
        c,
        "grad_jit.2",
        silu_vjp64(a["x2"], a["w2"]),
        bwd.get("x2"),
        _("jit(grad),形状 {shape}").format(shape=a["x2"].shape),
    )
    value(c, "vjp.primal", a["x1"], fwd.get("x1"), _("jax.vjp 返回的函数值(前向规则的 primal 输出)"))
    _call_cases(c, inp, "grad")
    outcomes.append(c.outcome("grad"))

    c = ArrayCases(obs)
    for i, axis in enumerate(p["vmap_in_axes"]):
        value(c, f"vmap.{i}", np.moveaxis(a["xv"], axis, 0), moved(fwd.get("xv"), axis),
              f"vmap(in_axes={axis})")
    outcomes.append(c.outcome("vmap"))

    c = ArrayCases(obs)
    k = p["vmap_grad_in_axes"]
    per = np.moveaxis(a["xg"], k, 0)
    expected = silu_vjp64(per, np.broadcast_to(a["wg"], per.shape))
    grad(c, "vmap_grad", expected, moved(bwd.get("xg"), k), f"vmap(grad, in_axes=({k}, None))")
    grad(c, "vmap_grad.ct", silu_vjp64(np.broadcast_to(a["xc"], a["wc"].shape), a["wc"]), bwd.get("xc_b"),
         _("vmap(grad, in_axes=(None, 0)):x 不分批、逐样本权重(余切分批)"))
    grad(c, "jacrev", np.diag(silu_vjp64(a["xj"], np.ones_like(a["xj"]))), bwd.get("xj_b"),
         _("jax.jacrev(silu_ffi),形状 {shape}(x 不分批、余切分批)").format(shape=a["xj"].shape))
    outcomes.append(c.outcome("vmap of grad"))
    return outcomes


def _kernel_checks(inp: ProbeInputs, obs: Observations) -> list[CheckOutcome]:
    """The handlers called directly by the kernel child, on the kernel cases."""
    a, p = inp.arrays, inp.params
    outcomes: list[CheckOutcome] = []
    unavailable = _kernel_unavailable(obs)
    obs = _split_halves(_split_halves(obs, "big"), "loop")
    for name, symbol, key in (("kernel Silu", "Silu", "fwd"), ("kernel SiluBwd", "SiluBwd", "bwd")):
        if unavailable:
            outcomes.append(CheckOutcome(name, False, unavailable))
            continue
        symbols = obs.values.get("kernel.symbols")
        if isinstance(symbols, dict) and symbols.get(symbol) is False:
            outcomes.append(
                CheckOutcome(
                    name,
                    False,
                    _(
                        "编译出的库没有导出处理函数符号 {symbol}(XLA_FFI_DEFINE_HANDLER_SYMBOL 的第一个参数)"
                    ).format(symbol=symbol),
                )
            )
            continue
        c = ArrayCases(obs)
        for i in range(int(p["kernel_cases"])):
            x, ct = a[f"kx_{i}"], a[f"kct_{i}"]
            if key == "fwd":
                c.close(
                    f"kernel.fwd.{i}",
                    silu64(x),
                    _("{symbol},形状 {shape}").format(symbol=symbol, shape=x.shape),
                    rtol=RTOL_VALUE,
                    atol=ATOL_VALUE,
                )
            else:
                c.close(
                    f"kernel.bwd.{i}",
                    silu_vjp64(x, ct),
                    _("{symbol},形状 {shape}").format(symbol=symbol, shape=x.shape),
                    rtol=RTOL_GRAD,
                    atol=ATOL_GRAD,
                )
        if "kx_loop" in a:
            _loop_check(c, inp, key, symbol)
        if "big_n" in p:
            _big_case_check(c, obs, p, key, symbol)
        outcomes.append(c.outcome(name))
    return outcomes


# --------------------------------------------------------------------------------------- input classes

INPUT_CLASSES: tuple[InputClass, ...] = (
    InputClass("shape.rank_0_to_3", "shape", "0-d, 1-D, 2-D and 3-D inputs", ("values", "grad"),
               lambda i: [i.arrays[f"x{n}"].ndim for n in (0, 1, 2, 3)] == [0, 1, 2, 3]),
    InputClass("shape.empty", "shape", "empty arrays (0,) and (k, 0)", ("edge shapes",),
               lambda i: i.arrays["xe"].size == 0 and i.arrays["xe2"].size == 0),
    InputClass("magnitude.exp_overflow", "magnitude",
               "one value of each sign drawn in (88.73, 100), where exp(|x|) overflows float32, and in "
               "arrays of 4+ elements one of each sign in (709.79, 1e4), where it overflows float64 (a "
               "naive sigmoid, in float or in double, gives nan); never the same value twice",
               ("values", "grad", "kernel Silu", "kernel SiluBwd"),
               lambda i: bool(np.any(np.abs(i.arrays["x1"]) > F32_EXP_OVERFLOW))
               and bool(np.any(np.abs(i.arrays["x3"]) > F64_EXP_OVERFLOW))),
    InputClass("axes.negative_in_axes", "axes", "vmap with in_axes -1 and vmap of grad off axis 0",
               ("vmap", "vmap of grad"), lambda i: -1 in i.params["vmap_in_axes"]),
    InputClass("transform.cotangent_batched", "transform",
               "the backward rule under vmap with x unbatched and the cotangent batched: vmap(grad) over "
               "per-example weights (in_axes (None, 0)) and jax.jacrev (a kernel that broadcasts only the "
               "cotangent, or sizes its loop by x, fills one example's row)",
               ("vmap of grad",), lambda i: i.arrays["wc"].ndim == 2 and i.arrays["xj"].ndim == 1),
    InputClass("shape.large_array", "shape",
               "one call of each handler on 4M (2^22) float32 elements, made inside the XLA program from an "
               "iota (a scratch buffer on the stack overflows it; the crash fails that check alone)",
               ("kernel Silu", "kernel SiluBwd"), lambda i: i.params["big_n"] >= 1 << 22),
    InputClass("calls.memo_traps", "transform",
               "a call sequence in an order drawn per structure: fresh arrays of one shape, each collected "
               "before the next is made, one in the first's buffer (the kernel sees the same pointer), one "
               "with its id, one under jit; an array as it is and its bytes in another shape; value, grad, "
               "grad with another cotangent, value on one live array; grads on two fresh arrays, the "
               "second in the first's buffer; a live array again; each call judged against float64 SiLU "
               "(a static cache in a handler keyed by pointer, a memo keyed by id() or bytes, a backward "
               "memo that ignores the cotangent return a stale result); in the kernel child each handler "
               "3..4 times in a while loop on its own output (one buffer: the same pointer, other "
               "values). float32 only: the statement admits no other dtype",
               ("values", "grad", "kernel Silu", "kernel SiluBwd"),
               lambda i: {s["why"] for s in i.params["calls"]["steps"]}
               >= {"reshaped", "recycled", "recycled_buffer", "again", "interleaved", "other_cotangent",
                   "jit"} and i.params["loop_trips"] >= 2),
    InputClass("dtype.bf16_f64", "dtype", "bfloat16 and float64 inputs",
               outside_task="the exercise's interface takes float32 arrays; its handlers bind F32 buffers"),
)
