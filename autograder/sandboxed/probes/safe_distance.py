"""Child-side probe of exercise `safe_distance` (chapter 2, exercise 4: `safe_pairwise_distance(X, Y)`).

The probe calls the student's function on the parent's arrays (plain, under `jax.jit`, under
`jax.vmap`, and under `jax.grad`) and records the raw results. It computes no reference value.

Inputs (`inp`, float32 arrays drawn by the parent): X (N, d), Y (M, d) with N != M and rows of Y
equal to rows of X, and X holding a duplicated row; X1 (N1, 1), Y1 (M1, 1); Xfar (Nf, df),
Yfar (Mf, df) near 100 with ~1e-3 separation; Xb (B, n, d), Yb (B, m, d); W (N, M) loss weights.

Observation keys (all numeric arrays as .npy, any of them may instead be an error entry when the
student's code raised; all are missing when `defined` is false):
  defined      JSON bool. Whether the namespace defines a callable `safe_pairwise_distance`. Always written.
  fwd.rect     D(X, Y): expected float32 (N, M). Unit: distance (same as the inputs).
  fwd.self     D(X, X) called with one and the same array object twice: expected float32 (N, N).
  fwd.d1       D(X1, Y1): expected float32 (N1, M1).
  fwd.far      D(Xfar, Yfar): expected float32 (Nf, Mf).
  jit.rect     jax.jit(D)(X, Y): expected float32 (N, M).
  vmap.batch   jax.vmap(D)(Xb, Yb): expected float32 (B, n, m).
  grad.self    jax.jit(jax.grad(lambda Z: sum(D(Z, Z))))(X): expected float32 (N, d). Unit: distance
               per coordinate unit (dimensionless).
  grad.x       jax.grad of sum(W * D(X, Y)) with respect to X: expected float32 (N, d).
  grad.y       the same gradient with respect to Y: expected float32 (M, d). Both come from one
               jax.grad(..., argnums=(0, 1)) call; when it raised, grad.y repeats grad.x's error entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from ..observe import Recorder


def probe(ns: dict, inp: dict, rec: Recorder) -> None:
    fn = ns.get("safe_pairwise_distance")
    rec.put("defined", callable(fn))
    if not callable(fn):
        return
    dist: Callable[[Any, Any], Any] = fn
    X, Y = jnp.asarray(inp["X"]), jnp.asarray(inp["Y"])
    W = jnp.asarray(inp["W"])

    rec.observe("fwd.rect", lambda: dist(X, Y))
    rec.observe("fwd.self", lambda: dist(X, X))  # `X is Y` on purpose
    rec.observe("fwd.d1", lambda: dist(jnp.asarray(inp["X1"]), jnp.asarray(inp["Y1"])))
    rec.observe("fwd.far", lambda: dist(jnp.asarray(inp["Xfar"]), jnp.asarray(inp["Yfar"])))
    rec.observe("jit.rect", lambda: jax.jit(dist)(X, Y))
    rec.observe("vmap.batch", lambda: jax.vmap(dist)(jnp.asarray(inp["Xb"]), jnp.asarray(inp["Yb"])))
    rec.observe("grad.self", lambda: jax.jit(jax.grad(lambda Z: jnp.sum(dist(Z, Z))))(X))

    grads = {}

    def grad_xy() -> Any:
        gx, gy = jax.grad(lambda A, B: jnp.sum(W * dist(A, B)), argnums=(0, 1))(X, Y)
        grads["y"] = gy
        return gx

    rec.observe("grad.x", grad_xy)
    if "y" in grads:
        rec.observe("grad.y", lambda: grads["y"])
    else:
        rec.values["grad.y"] = rec.values["grad.x"]  # the same call failed: same error entry
