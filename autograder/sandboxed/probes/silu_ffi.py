"""Child-side probes of exercise `silu_ffi` (run next to the student's code / kernel; only observe).

`probe` runs in the notebook child: the student's `silu_ffi` is a `jax.custom_vjp` whose forward
calls the C++ FFI target `silu` and whose backward calls `silu_bwd`. It records compiled HLO text,
jaxpr structure and raw results under jit / grad / vmap. The kernel child's probe, which calls the
student's compiled handlers with no student Python in the process, is `silu_ffi_kernel.py`. The
parent computes every expected value (float64 SiLU).

Inputs (`inp`, drawn by autograder.exercises.silu_ffi.inputs; all arrays float32):
  x1, x2, x3 (1-D, 2-D, 3-D; each holds values past float32's exp overflow, |x| in (88.73, 100),
  and past float64's, |x| in (709.79, 1e4)), w1, w2, w3 (weights shaped alike),
  x0 / w0 (0-d), xe / we (empty, shape (0,)), xe2 (empty, shape (k, 0)), xv (vmap input),
  xg / wg (vmap of grad), xc / wc and xj (the cotangent batched, x not), kx_<i> / kct_<i> (kernel
  probe inputs and cotangents), kx_nb,
  kx_nb_bwd / kct_nb_bwd (the notebook cases again, flattened, for the kernel child), params
  `vmap_in_axes` (list of int), `vmap_grad_in_axes` (int), `kernel_cases` (int: number of kx_<i>),
  `calls` ({"steps"}: the call sequence) with its arrays xr<j> (shaped like x1) and wr (a cotangent).

Keys whose cases share a sub-check and run under jit (jit.<n>, edge.jit.<e>, grad.3 with grad_jit.2,
vmap.<i>, vmap_grad) are observed in one jitted call per bucket (probes/buckets.py).

Observation keys of `probe`. Any key may be missing when the child stopped early (crash, timeout);
any key may hold an error entry instead of its value when the observed call raised.
  type              JSON str: "<module>.<qualname>" of type(silu_ffi).
  hlo.forward       JSON str (at most 200000 chars): jax.jit(silu_ffi).lower(x2).compile().as_text(),
                    the optimised HLO of the forward.
  hlo.value_and_grad  JSON str (at most 200000 chars): optimised HLO of
                    jax.jit(jax.value_and_grad(lambda v, w: sum(w * silu_ffi(v))))(x2, w2).
  jaxpr.forward     JSON list[str]: primitive names (recursing into sub-jaxprs, at most 2000) of the
                    equations the output of make_jaxpr(silu_ffi)(x2) depends on.
  value.<n>         f32 array shaped like x<n> (n in 1, 2, 3): silu_ffi(x<n>), eager.
  jit.<n>           f32 array shaped like x<n>: jax.jit(silu_ffi)(x<n>).
  edge.value.<e>    f32 array (e in scalar, empty, empty2; inputs x0, xe, xe2): silu_ffi, eager.
  edge.jit.<e>      f32 array: jax.jit(silu_ffi) on the same inputs.
  edge.grad.scalar  f32 0-d array: jax.grad(silu_ffi)(x0).
  edge.grad.empty   f32 array of shape (0,): jax.grad(lambda v: sum(we * silu_ffi(v)))(xe).
  grad.<n>          f32 array shaped like x<n> (n in 1, 3): jax.grad(lambda v: sum(w<n> * silu_ffi(v)))(x<n>).
  grad_jit.2        f32 array shaped like x2: jax.jit(jax.grad(lambda v, w: sum(w * silu_ffi(v))))(x2, w2).
  vjp.primal        f32 array shaped like x1: jax.vjp(silu_ffi, x1)[0], the forward rule's primal output.
  vmap.<i>          f32 array: jax.vmap(silu_ffi, in_axes=vmap_in_axes[i])(xv).
  vmap_grad         f32 array: jax.vmap(jax.grad(lambda v, w: sum(w * silu_ffi(v))),
                    in_axes=(vmap_grad_in_axes, None))(xg, wg).
  vmap_grad.ct      f32 array shaped like wc: the same vmap(grad) with in_axes (None, 0) on (xc, wc):
                    x unbatched, the cotangent batched (per-example weights). In vmap_grad's bucket.
  jacrev            f32 array (n, n): jax.jacrev(silu_ffi)(xj) (x unbatched, the cotangents the rows of
                    the identity). In vmap_grad's bucket.
  calls.<i>         f32 array: step i of `calls.steps` ({"op", "arg", "form", "jit", "w", "reuse",
                    "why"}): op "value": silu_ffi (jax.jit(silu_ffi) when jit) on the step's input;
                    op "grad": jax.grad(lambda v: sum(inp[w] * silu_ffi(v))), eager. The input is
                    inp[arg] (form "live"), its bytes flattened ("flat"), or a device array made from
                    a copy of inp[arg] for this call and dropped after it ("fresh"; with reuse
                    "address" one in the last dropped fresh array's buffer, with why "recycled" one
                    with its id: probes/recycled_arrays.py).

Observation keys of the kernel child: see `silu_ffi_kernel.py`.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from ..jit_cache import device_inputs
from .buckets import BucketRun, jit_bucket
from .jaxpr_walk import needed_primitives
from .recycled_arrays import Recycler, Slot, slot_of

MAX_HLO_CHARS = 200_000



def record_bucket(rec: Any, run: BucketRun) -> None:
    """Record a bucket's results under its keys, or its error under all of them (here, in the probe
    module: observation frames must come from the probe's own code)."""
    for i, key in enumerate(run.keys):
        if run.error is not None:
            rec.put_error(key, run.error)
        else:
            rec.observe(key, lambda value=run.results[i]: value)


def observe_bucket(rec: Any, keys: tuple[str, ...], fn: Any, *args: Any) -> None:
    """Record the results of ONE jitted call of `fn(*args)`, a bucket of cases compiled together."""
    record_bucket(rec, jit_bucket(keys, fn, *args))

def _hlo(compiled: Any) -> str:
    return str(compiled.as_text())[:MAX_HLO_CHARS]


def probe(ns: dict, inp: dict, rec: Any) -> None:
    # the inputs on the device once: eager calls and a student's jnp.asarray compile no copy
    host, inp = inp, device_inputs(inp)
    fn = ns.get("silu_ffi")

    def f(v: Any) -> Any:
        if fn is None:
            raise NameError("silu_ffi is not defined")
        return fn(v)

    def loss(v: Any, w: Any) -> Any:
        return jnp.sum(w * f(v))

    x2, w2 = inp["x2"], inp["w2"]
    rec.observe("type", lambda: f"{type(fn).__module__}.{type(fn).__qualname__}")
    rec.observe("hlo.forward", lambda: _hlo(jax.jit(f).lower(x2).compile()))
    rec.observe("hlo.value_and_grad", lambda: _hlo(jax.jit(jax.value_and_grad(loss)).lower(x2, w2).compile()))
    rec.observe("jaxpr.forward", lambda: needed_primitives(jax.make_jaxpr(f)(x2), 0))

    # One compiled program per bucket (probes/buckets.py): the jit cases of a sub-check run together.
    for n in (1, 2, 3):
        rec.observe(f"value.{n}", lambda n=n: f(inp[f"x{n}"]))
    observe_bucket(rec, ("jit.1", "jit.2", "jit.3"), lambda *xs: tuple(f(v) for v in xs),
                   inp["x1"], inp["x2"], inp["x3"])
    edges = (("scalar", "x0"), ("empty", "xe"), ("empty2", "xe2"))
    for e, key in edges:
        rec.observe(f"edge.value.{e}", lambda key=key: f(inp[key]))
    observe_bucket(rec, tuple(f"edge.jit.{e}" for e, _ in edges), lambda *xs: tuple(f(v) for v in xs),
                   *(inp[key] for _, key in edges))
    rec.observe("edge.grad.scalar", lambda: jax.grad(f)(inp["x0"]))
    rec.observe("edge.grad.empty", lambda: jax.grad(lambda v: loss(v, inp["we"]))(inp["xe"]))

    eager = 1  # the gradient case that runs eagerly; grad.3 runs in the jitted bucket below
    rec.observe(f"grad.{eager}", lambda: jax.grad(lambda v: loss(v, inp[f"w{eager}"]))(inp[f"x{eager}"]))
    rec.observe("vjp.primal", lambda: jax.vjp(f, inp["x1"])[0])
    observe_bucket(rec, ("grad.3", "grad_jit.2"),
                   lambda a, wa, b, wb: (jax.grad(loss)(a, wa), jax.grad(loss)(b, wb)),
                   inp["x3"], inp["w3"], x2, w2)

    axes = inp["vmap_in_axes"]
    observe_bucket(rec, tuple(f"vmap.{i}" for i in range(len(axes))),
                   lambda v: tuple(jax.vmap(f, in_axes=axis)(v) for axis in axes), inp["xv"])
    per_example = jax.vmap(jax.grad(loss), in_axes=(inp["vmap_grad_in_axes"], None))
    per_weight = jax.vmap(jax.grad(loss), in_axes=(None, 0))  # x unbatched, the cotangent batched
    observe_bucket(rec, ("vmap_grad", "vmap_grad.ct", "jacrev"),
                   lambda v, w, vc, wc, vj: (per_example(v, w), per_weight(vc, wc), jax.jacrev(f)(vj)),
                   inp["xg"], inp["wg"], inp["xc"], inp["wc"], inp["xj"])
    _run_calls(rec, host, inp, f, lambda v, w: jax.grad(loss)(v, w))


def _run_calls(rec: Any, host: dict, inp: dict, f: Any, grad: Any) -> None:
    """The call sequence `inp["calls"]` (its steps in the parent's order): a live input as it is or its
    bytes flattened (put on the device from NumPy, no reshape program), or a fresh device array made
    from a copy of the NumPy input just before its call and dropped right after it. A fresh step with
    reuse "address" gets an array in the buffer of the last fresh array dropped (the handler sees the
    same pointer), one with why "recycled" an array with the id of the last one an eager step of its
    op dropped (recycled_arrays.py). A step runs silu_ffi (eagerly or under jax.jit) or the grad of
    sum(w * silu_ffi(v)) eagerly, w the step's cotangent."""
    recycler = Recycler()
    last: Slot | None = None  # the last fresh array dropped, any step
    eager: dict[str, Slot] = {}  # op -> the last fresh array an eager step of that op dropped
    for i, step in enumerate(inp.get("calls", {}).get("steps", ())):
        op, w = step["op"], inp[step["w"]]

        def call(v: Any, op: str = op, jit: bool = step["jit"], w: Any = w) -> Any:
            return grad(v, w) if op == "grad" else jax.jit(f)(v) if jit else f(v)

        if step["form"] == "fresh":
            taking = last if step["reuse"] == "address" else (
                eager.get(op) if step["why"] == "recycled" else None)
            fresh = [recycler.fresh(host[step["arg"]], taking, step["reuse"])]
            last = slot_of(fresh[0])
            if not step["jit"]:
                eager[op] = last
            rec.observe(f"calls.{i}", lambda fresh=fresh: call(fresh[0]))
            fresh.clear()  # the recycler holds it now, and drops it when a step takes its slot
        elif step["form"] == "flat":
            v = jax.device_put(host[step["arg"]].reshape(-1))
            rec.observe(f"calls.{i}", lambda v=v: call(v))
        else:
            rec.observe(f"calls.{i}", lambda v=inp[step["arg"]]: call(v))
    recycler.drop()
