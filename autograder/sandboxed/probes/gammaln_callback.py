"""Child-side probe of exercise `gammaln_callback` (runs next to the student's code; only observes).

The student defined `gammaln_cb(x)`: a `jax.custom_jvp` whose forward calls SciPy's gammaln through
`jax.pure_callback` and whose derivative (digamma) goes through a callback too. The probe calls it
eagerly and under jit / grad / vmap / make_jaxpr and records raw results; the parent computes every
expected value with SciPy in float64.

Inputs (`inp`, drawn by autograder.exercises.gammaln_callback.inputs; all arrays float32, entries in
[0.05, 50] except xo): xs (0-d), x1 (1-D), x3 (3-D), w1 / w3 (weights shaped like x1 / x3), xv (vmap
input), xn (nested vmap input), xg / wg (vmap of grad), xo / wo (1-D, xo in [172, 1e4]), params
`vmap_in_axes` (list of int), `nested` ({"inner", "outer"}), `vmap_grad_in_axes` (int), `calls`
({"steps"}: the call sequence) with its arrays xr<j> (shaped like x1).

Where a key below says "under jit", its case runs in one jitted call together with the other cases
of its sub-check (probes/buckets.py): one compilation per bucket.

Observation keys. Any key may be missing when the child stopped early (crash, timeout); any key may
hold an error entry instead of its value when the observed call raised.
  type                   JSON str: "<module>.<qualname>" of type(gammaln_cb).
  jaxpr.forward          JSON list[str]: primitive names (recursing into sub-jaxprs, at most 2000) of
                         the equations the output of make_jaxpr(gammaln_cb)(x1) depends on.
  jaxpr.tangent          JSON list[str]: same for the tangent output of
                         make_jaxpr(lambda x, t: jax.jvp(gammaln_cb, (x,), (t,))[1])(x1, w1).
  value.scalar           f32 0-d array: gammaln_cb(xs), eager.
  value.vector           f32 array shaped like x1: gammaln_cb(x1), eager.
  value.cube             f32 array shaped like x3: gammaln_cb(x3), eager.
  value.overflow         f32 array shaped like xo (1-D, entries in [172, 1e4], past Γ's float64
                         overflow): gammaln_cb(xo), eager.
  grad.overflow          f32 array shaped like xo: jax.grad(lambda v: sum(wo * gammaln_cb(v)))(xo),
                         under jit.
  value.small            f32 array shaped like xsm (1-D, entries in (1e-6, 0.05)): gammaln_cb(xsm),
                         eager. Missing when the inputs have no xsm.
  grad.small             f32 array shaped like xsm: jax.grad(lambda v: sum(wsm * gammaln_cb(v)))(xsm),
                         under jit (grad.cube_jit's bucket). Missing when the inputs have no xsm.
  jit.vector / jit.cube  f32 arrays: jax.jit(gammaln_cb)(x1) / (x3).
  transposed.eager       f32 array, shape of x3 reversed: gammaln_cb(x3[::-1].T), a non-contiguous
                         NumPy view with negative strides, eager.
  transposed.jit         f32 array, shape of x3 reversed: jax.jit(lambda v: gammaln_cb(v.T))(x3).
  grad.scalar            f32 0-d array: jax.grad(gammaln_cb)(xs).
  grad.vector            f32 array shaped like x1: jax.grad(lambda v: sum(w1 * gammaln_cb(v)))(x1).
  grad.cube_jit          f32 array shaped like x3:
                         jax.jit(jax.grad(lambda v, w: sum(w * gammaln_cb(v))))(x3, w3).
  grad.transposed        f32 array shaped like x3: jax.grad(lambda v: sum(w3.T * gammaln_cb(v.T)))(x3),
                         under jit.
  jvp.primal / jvp.tangent  f32 arrays shaped like x1: jax.jvp(gammaln_cb, (x1,), (w1,)) (the JVP
                         rule's own primal output is what jvp returns, so it is judged too).
  jvp.swapped            f32 array shaped like x1: the tangent of jax.jvp(gammaln_cb, (x1,), (w1,)),
                         under jit (grad.cube_jit's bucket), while every pure_callback operand
                         equal to x1 (same float32 values, any shape) reaches the host function as
                         xsw instead (`primal_swapped`): a derivative the host computes from the
                         primal follows xsw; one computed in XLA and only passed through a callback
                         stays at x1. Missing without xsw or xsm.
  vmap.<i>               f32 array: jax.vmap(gammaln_cb, in_axes=vmap_in_axes[i])(xv), under jit.
  vmap.nested            f32 array: jax.jit(vmap(vmap(gammaln_cb, in_axes=inner), in_axes=outer))(xn).
  vmap_grad              f32 array: vmap(grad(lambda v, w: sum(w * gammaln_cb(v))),
                         in_axes=(vmap_grad_in_axes, None))(xg, wg), under jit.
  calls.<i>              f32 array: step i of `calls.steps` ({"op", "arg", "form", "jit", "why"}):
                         op "value": gammaln_cb (jax.jit(gammaln_cb) when jit) on the step's input;
                         op "grad": jax.grad(lambda v: sum(w1 * gammaln_cb(v))), eager. The input is
                         inp[arg] (form "live"), its bytes flattened ("flat"), or a device array made
                         from the NumPy inp[arg] for this call and dropped after it ("fresh"; why
                         "recycled": one that took a dropped array's id, probes/recycled_arrays.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

import jax
import jax._src.callback as _jax_callback
import jax.numpy as jnp
import numpy as np

from ..jit_cache import device_inputs
from .buckets import BucketRun, jit_bucket, run_bucket
from .jaxpr_walk import needed_primitives
from .recycled_arrays import Recycler, Slot, slot_of

_pure_callback_impl = _jax_callback.pure_callback_impl  # bound at import, before student code


@contextmanager
def primal_swapped(primal: np.ndarray, other: np.ndarray) -> Iterator[None]:
    """While active, a pure_callback operand holding `primal`'s float32 values (in any shape) is
    handed to the host function as `other` (reshaped alike); every other operand is unchanged. The
    swap happens where JAX calls the host function, eager or compiled, out of the student's sight."""
    flat, replacement = np.asarray(primal, np.float32).ravel(), np.asarray(other, np.float32).ravel()

    def swap(arg: Any) -> Any:
        shape, dtype = getattr(arg, "shape", None), getattr(arg, "dtype", None)
        if shape is None or dtype != np.float32 or int(np.prod(shape)) != flat.size:
            return arg
        if not np.array_equal(np.asarray(arg).ravel(), flat):
            return arg
        return replacement.reshape(shape)

    def impl(*args: Any, **params: Any) -> Any:
        return _pure_callback_impl(*(swap(a) for a in args), **params)

    _jax_callback.pure_callback_impl = impl
    try:
        yield
    finally:
        _jax_callback.pure_callback_impl = _pure_callback_impl


def record_bucket(rec: Any, run: BucketRun) -> None:
    """Record a bucket's results under its keys, or its error under all of them (here, in the probe
    module: observation frames must come from the probe's own code)."""
    for i, key in enumerate(run.keys):
        if run.error is not None:
            rec.put_error(key, run.error)
        else:
            rec.observe(key, lambda value=run.results[i]: value)


def observe_many(rec: Any, keys: tuple[str, ...], fn: Any) -> None:
    """Run `fn` once and record its len(keys) results under `keys` (or its error under all of them)."""
    record_bucket(rec, run_bucket(keys, fn))


def observe_bucket(rec: Any, keys: tuple[str, ...], fn: Any, *args: Any) -> None:
    """Record the results of ONE jitted call of `fn(*args)`, a bucket of cases compiled together."""
    record_bucket(rec, jit_bucket(keys, fn, *args))

def probe(ns: dict, inp: dict, rec: Any) -> None:
    # the inputs on the device once: eager calls and a student's jnp.asarray compile no copy
    host, inp = inp, device_inputs(inp)
    def f(v: Any) -> Any:
        fn = ns.get("gammaln_cb")
        if fn is None:
            raise NameError("gammaln_cb is not defined")
        return fn(v)

    xs, x1, x3, w1, w3 = inp["xs"], inp["x1"], inp["x3"], inp["w1"], inp["w3"]
    fn = ns.get("gammaln_cb")
    rec.observe("type", lambda: f"{type(fn).__module__}.{type(fn).__qualname__}")
    rec.observe("jaxpr.forward", lambda: needed_primitives(jax.make_jaxpr(f)(x1), 0))
    rec.observe("jaxpr.tangent", lambda: needed_primitives(
        jax.make_jaxpr(lambda v, t: jax.jvp(f, (v,), (t,))[1])(x1, w1), 0))

    rec.observe("value.scalar", lambda: f(xs))
    rec.observe("value.vector", lambda: f(x1))
    rec.observe("value.cube", lambda: f(x3))
    rec.observe("value.overflow", lambda: f(inp["xo"]))
    # One compiled program per bucket (probes/buckets.py); the eager cases above and below stay eager.
    observe_bucket(rec, ("jit.vector", "jit.cube"), lambda a, b: (f(a), f(b)), x1, x3)
    # the host array: a reversed, transposed NumPy view, non-contiguous as the class asks
    rec.observe("transposed.eager", lambda: f(host["x3"][::-1].T))

    def loss(v: Any, w: Any) -> Any:
        return jnp.sum(w * f(v))

    observe_bucket(rec, ("transposed.jit", "grad.transposed"),
                   lambda v, w: (f(v.T), jax.grad(lambda u: loss(u.T, w.T))(v)), x3, w3)
    rec.observe("grad.scalar", lambda: jax.grad(f)(xs))
    rec.observe("grad.vector", lambda: jax.grad(lambda v: loss(v, w1))(x1))
    if "xsm" in inp:  # below the range: one more case in the same compiled bucket
        rec.observe("value.small", lambda: f(inp["xsm"]))
        keys = ("grad.cube_jit", "grad.overflow", "grad.small")
        args = (x3, w3, inp["xo"], inp["wo"], inp["xsm"], inp["wsm"])
        swap = "xsw" in host  # the derivative must come from the host's computation on the primal:
        # the jvp at x1 joins this bucket (no compilation of its own); no other case here passes x1's
        # values to a callback, so only its callbacks meet xsw
        with primal_swapped(host["x1"], host["xsw"]) if swap else nullcontext():
            observe_bucket(rec, keys + (("jvp.swapped",) if swap else ()),
                           lambda a, wa, b, wb, c, wc, *v: (
                               jax.grad(loss)(a, wa), jax.grad(loss)(b, wb), jax.grad(loss)(c, wc),
                               *((jax.jvp(f, (v[0],), (v[1],))[1],) if v else ())),
                           *args, *((x1, w1) if swap else ()))
    else:
        observe_bucket(rec, ("grad.cube_jit", "grad.overflow"),
                       lambda a, wa, b, wb: (jax.grad(loss)(a, wa), jax.grad(loss)(b, wb)),
                       x3, w3, inp["xo"], inp["wo"])
    observe_many(rec, ("jvp.primal", "jvp.tangent"), lambda: jax.jvp(f, (x1,), (w1,)))

    axes = inp["vmap_in_axes"]
    observe_bucket(rec, tuple(f"vmap.{i}" for i in range(len(axes))),
                   lambda v: tuple(jax.vmap(f, in_axes=axis)(v) for axis in axes), inp["xv"])
    nested = inp["nested"]
    observe_bucket(rec, ("vmap.nested",), lambda v: (jax.vmap(jax.vmap(f, in_axes=nested["inner"]),
                                                               in_axes=nested["outer"])(v),), inp["xn"])
    observe_bucket(rec, ("vmap_grad",), lambda v, w: (
        jax.vmap(jax.grad(loss), in_axes=(inp["vmap_grad_in_axes"], None))(v, w),), inp["xg"], inp["wg"])
    _run_calls(rec, host, inp, f, lambda v: jax.grad(loss)(v, inp["w1"]))


def _run_calls(rec: Any, host: dict, inp: dict, f: Any, grad: Any) -> None:
    """The call sequence `inp["calls"]` (its steps in the parent's order): a live input as it is or its
    bytes flattened (put on the device from NumPy, no reshape program), or a fresh device array made
    from the NumPy input just before its call and dropped right after it; a "recycled" step's fresh
    array takes the id of the last array dropped by an eager step of its op (recycled_arrays.py). A
    step runs gammaln_cb (eagerly or under jax.jit) or the grad of sum(w1 * gammaln_cb(v)) eagerly."""
    recycler = Recycler()
    dropped: dict[str, Slot] = {}  # op -> where the last fresh array of an eager step of that op lived
    for i, step in enumerate(inp.get("calls", {}).get("steps", ())):
        op = step["op"]
        call = grad if op == "grad" else jax.jit(f) if step["jit"] else f
        if step["form"] == "fresh":
            taking = dropped.get(op) if step["why"] == "recycled" else None
            fresh = [recycler.fresh(host[step["arg"]], taking)]
            if not step["jit"]:
                dropped[op] = slot_of(fresh[0])
            rec.observe(f"calls.{i}", lambda call=call, fresh=fresh: call(fresh[0]))
            fresh.clear()  # the recycler holds it now, and drops it when a step takes its slot
        elif step["form"] == "flat":
            v = jax.device_put(host[step["arg"]].reshape(-1))
            rec.observe(f"calls.{i}", lambda call=call, v=v: call(v))
        else:
            rec.observe(f"calls.{i}", lambda call=call, v=inp[step["arg"]]: call(v))
    recycler.drop()
