"""Child-side probes of exercise `silu_ffi` (run next to the student's code / kernel; only observe).

`probe` runs in the notebook child: the student's `silu_ffi` is a `jax.custom_vjp` whose forward
calls the C++ FFI target `silu` and whose backward calls `silu_bwd`. It records compiled HLO text,
jaxpr structure and raw results under jit / grad / vmap. The kernel child's probe, which calls the
student's compiled handlers with no student Python in the process, is `silu_ffi_kernel.py`. The
parent computes every expected value (float64 SiLU).

Inputs (`inp`, drawn by autograder.exercises.silu_ffi.inputs; all arrays float32):
  x1, x2, x3 (1-D, 2-D, 3-D; each holds -100 and +100), w1, w2, w3 (weights shaped alike),
  x0 / w0 (0-d), xe / we (empty, shape (0,)), xe2 (empty, shape (k, 0)), xv (vmap input),
  xg / wg (vmap of grad), kx_<i> / kct_<i> (kernel probe inputs and cotangents), kx_nb,
  kx_nb_bwd / kct_nb_bwd (the notebook cases again, flattened, for the kernel child), params
  `vmap_in_axes` (list of int), `vmap_grad_in_axes` (int), `kernel_cases` (int: number of kx_<i>).

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
  vmap.<i>          f32 array: jax.vmap(silu_ffi, in_axes=vmap_in_axes[i])(xv).
  vmap_grad         f32 array: jax.vmap(jax.grad(lambda v, w: sum(w * silu_ffi(v))),
                    in_axes=(vmap_grad_in_axes, None))(xg, wg).

Observation keys of the kernel child: see `silu_ffi_kernel.py`.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from .jaxpr_walk import needed_primitives

MAX_HLO_CHARS = 200_000


def _hlo(compiled: Any) -> str:
    return str(compiled.as_text())[:MAX_HLO_CHARS]


def probe(ns: dict, inp: dict, rec: Any) -> None:
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

    for n in (1, 2, 3):
        rec.observe(f"value.{n}", lambda n=n: f(inp[f"x{n}"]))
        rec.observe(f"jit.{n}", lambda n=n: jax.jit(f)(inp[f"x{n}"]))
    for e, key in (("scalar", "x0"), ("empty", "xe"), ("empty2", "xe2")):
        rec.observe(f"edge.value.{e}", lambda key=key: f(inp[key]))
        rec.observe(f"edge.jit.{e}", lambda key=key: jax.jit(f)(inp[key]))
    rec.observe("edge.grad.scalar", lambda: jax.grad(f)(inp["x0"]))
    rec.observe("edge.grad.empty", lambda: jax.grad(lambda v: loss(v, inp["we"]))(inp["xe"]))

    for n in (1, 3):
        rec.observe(f"grad.{n}", lambda n=n: jax.grad(lambda v: loss(v, inp[f"w{n}"]))(inp[f"x{n}"]))
    rec.observe("grad_jit.2", lambda: jax.jit(jax.grad(loss))(x2, w2))

    for i, axis in enumerate(inp["vmap_in_axes"]):
        rec.observe(f"vmap.{i}", lambda axis=axis: jax.vmap(f, in_axes=axis)(inp["xv"]))
    rec.observe("vmap_grad", lambda: jax.vmap(jax.grad(loss), in_axes=(inp["vmap_grad_in_axes"], None))(
        inp["xg"], inp["wg"]))
