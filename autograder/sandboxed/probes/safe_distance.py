"""Child-side probe of exercise `safe_distance` (chapter 2, exercise 4: `safe_pairwise_distance(X, Y)`).

The probe calls the student's function on the parent's arrays (plain, under `jax.jit`, under
`jax.vmap`, and under `jax.grad`) and records the raw results. It computes no reference value.
Every observation but the eager ones (fwd.d1, fwd.f64 and calls.<i>) is made through one shared jitted program
per transform (`jit_cache.py`), so the cases of one shape bucket share one compilation; a call that
raises under jit is made again plainly, as written below, and that call's result or error is what is
recorded.

Inputs (`inp`, float32 arrays drawn by the parent): X (N, d), Y (M, d) with N != M and rows of Y
equal to rows of X, and X holding a duplicated row and a row 1e-5..1e-4 from another; Z zeros of
X's shape; Zc of X's shape, one drawn point repeated (every pair coincides); Xnf, Ynf of X's and
Y's shapes with NaN and inf coordinates; Xulp of X's shape with two pairs of rows a float32 ulp
apart; X1 (N*d, 1), Y1 (M*d, 1), X's and Y's bytes as points of dimension 1; Xfar (Nf, df),
Yfar (Mf, df) near a centre of about 100 with ~1e-3 separation; Xb (B, n, d), Yb (B, m, d); W (N, M)
loss weights.

Observation keys (all numeric arrays as .npy, any of them may instead be an error entry when the
student's code raised; all are missing when `defined` is false):
  defined      JSON bool. Whether the namespace defines a callable `safe_pairwise_distance`. Always written.
  fwd.rect     D(X, Y): expected float32 (N, M). Unit: distance (same as the inputs).
  fwd.self     D(X, X) called with one and the same array object twice: expected float32 (N, N).
  fwd.d1       D(X1, Y1) called eagerly, after the calls.<i>: expected float32 (N*d, M*d).
  fwd.far      D(Xfar, Yfar): expected float32 (Nf, Mf).
  jit.rect     jax.jit(D)(X, Y): expected float32 (N, M).
  vmap.batch   jax.vmap(D)(Xb, Yb): expected float32 (B, n, m).
  grad.self    jax.jit(jax.grad(lambda Z: sum(D(Z, Z))))(X): expected float32 (N, d). Unit: distance
               per coordinate unit (dimensionless).
  fwd.square   D(Xsq, Ysq), two different arrays of the same square shape (k, k), k = d: expected
               float32 (k, k).
  fwd.row1     D(Xrow, Y) with Xrow of shape (1, d) (an axis of length 1): expected float32 (1, M).
  fwd.big      D(Xbig, Ybig), coordinates up to ~1e18 (squares just below float32's overflow), same
               shapes as X and Y: expected float32 (N, M).
  fwd.empty    D(X0, Y) with X0 of shape (0, d), an empty point set: expected float32 (0, M).
  fwd.f64      D(X64, Y64) called eagerly under jax.enable_x64, float64 arrays of X's and Y's shapes
               (with a coincident pair): expected float64 (N, M), as v1 gives for float64 inputs.
  fwd.zeros    D(Z, Z) with Z all zeros of X's shape (every pair coincides), through fwd.self's
               program: expected float32 (N, N), all 0.0.
  fwd.coincide / grad.coincide  as fwd.zeros / grad.zeros at Zc (one nonzero point repeated).
  fwd.nonfinite  D(Xnf, Ynf), X's and Y's shapes (fwd.rect's program) with NaN and +-inf coordinates:
               expected float32 (N, M), NaN and inf where v1 has them (IEEE), finite elsewhere.
  grad.zeros   grad.self's function at Z: expected float32 (N, d), all 0.0.
  grad.ulp     grad.self's function at Xulp (X's shape; rows 0-1 and 2-3 distinct but closer than
               1e-6): expected float32 (N, d).
  grad.x       jax.grad of sum(W * D(X, Y)) with respect to X: expected float32 (N, d).
  grad.y       the same gradient with respect to Y: expected float32 (M, d). Both come from one
               jax.grad(..., argnums=(0, 1)) call; when it raised, grad.y repeats grad.x's error entry.
  calls.<i>    D(P, Q) called eagerly (outside any jit) on step i of `calls.steps` ({"args": [two input
               names], "why", "dim"?, "dtype"?, "fresh"?}), in the parent's order: P, Q the two inputs
               (X and Y as the probe holds them), their bytes as points of dimension `dim` when given,
               cast to float64 under jax.enable_x64 when dtype is "float64", or, with fresh, device
               arrays made from the NumPy inputs for this call and dropped after it (q_X<j>, q_Y<j>:
               X's and Y's shapes). Expected float32 (len(P), len(Q)), float64 for the float64 step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from ..jit_cache import SharedJit, compiled_or_plain, device_array
from ..observe import Recorder
from .recycled_arrays import Recycler, Slot, slot_of

_enable_x64 = jax.enable_x64  # bound at import, before student code


def _call_pair(inp: dict, step: dict) -> list[Any]:
    """A sequence step's two NumPy point sets: as drawn, or their bytes as points of dimension `dim`,
    cast to the step's dtype."""
    pair = [inp[name] for name in step["args"]]
    if "dim" in step:
        pair = [v.reshape(-1, step["dim"]) for v in pair]
    return [v.astype(step.get("dtype", v.dtype)) for v in pair]


def _run_calls(rec: Recorder, inp: dict, live: dict[str, Any], dist: Callable[[Any, Any], Any]) -> None:
    """The eager call sequence `inp["calls"]` in the parent's order: X and Y as the probe holds them
    (`live`), their bytes in another shape or their values in float64 (under x64) put on the device
    for the call, or a fresh pair; the recycled pair is made where the first fresh pair is dropped,
    with its ids (recycled_arrays.py)."""
    steps = inp.get("calls", {}).get("steps", ())
    pairs = [_call_pair(inp, step) for step in steps]  # NumPy, made before any fresh array
    recycler = Recycler()
    made: dict[str, Slot] = {}  # "X", "Y" -> where the last fresh one is
    for i, (step, data) in enumerate(zip(steps, pairs, strict=True)):
        if step.get("fresh"):
            recycle = step["why"] == "recycled"
            P = recycler.fresh(data[0], made.get("X") if recycle else None)
            Q = recycler.fresh(data[1], made.get("Y") if recycle else None)
            made["X"], made["Y"] = slot_of(P), slot_of(Q)
        elif step["why"] in ("first", "again"):
            P, Q = (live[name] for name in step["args"])
        else:
            with _enable_x64(step.get("dtype") == "float64"):  # device_array inside: float64 stays
                P, Q = (device_array(v) for v in data)
        with _enable_x64(step.get("dtype") == "float64"):
            rec.observe(f"calls.{i}", lambda P=P, Q=Q: dist(P, Q))
        P = Q = None  # a fresh pair's only reference is the recycler's, dropped when the next is made
    recycler.drop()


def probe(ns: dict, inp: dict, rec: Recorder) -> None:
    fn = ns.get("safe_pairwise_distance")
    rec.put("defined", callable(fn))
    if not callable(fn):
        return
    dist: Callable[[Any, Any], Any] = fn
    shared = SharedJit()
    jdist = shared.get("dist", lambda: dist)  # every forward case and jit.rect: one program per shape
    X, Y = device_array(inp["X"]), device_array(inp["Y"])
    W = device_array(inp["W"])

    def forward(key: str, A: Any, B: Any) -> None:
        rec.observe(key, lambda: compiled_or_plain(jdist, dist, device_array(A), device_array(B)))

    forward("fwd.rect", X, Y)
    # `X is Y` on purpose: the compiled program takes the array once, so the function sees one object
    self_dist = shared.get("dist_self", lambda: lambda Z: dist(Z, Z))
    rec.observe("fwd.self", lambda: compiled_or_plain(self_dist, lambda Z: dist(Z, Z), X))
    forward("fwd.far", inp["Xfar"], inp["Yfar"])
    if "Xsq" in inp:  # the classes of the variant (inputs drawn from the student's structure)
        forward("fwd.square", inp["Xsq"], inp["Ysq"])
        forward("fwd.row1", inp["Xrow"], Y)
        forward("fwd.big", inp["Xbig"], inp["Ybig"])  # X's bucket: no new compilation
    if "X0" in inp:  # the empty and float64 classes (drawn from the student's structure too)
        forward("fwd.empty", inp["X0"], Y)  # one compilation of its own: an empty shape
        with _enable_x64(True):  # device_array inside: outside x64 it would make float32 arrays
            # X's shapes, float64, called eagerly: the call sequence's float64 call (X's and Y's values)
            # runs eagerly on the same shapes and dtype, so the two share its per-primitive programs
            # and this case compiles no program of its own
            X64, Y64 = device_array(inp["X64"]), device_array(inp["Y64"])
            rec.observe("fwd.f64", lambda: dist(X64, Y64))
    rec.observe("jit.rect", lambda: jax.jit(dist)(X, Y))  # JAX's caches give it fwd.rect's program
    vdist = shared.get("vmap_dist", lambda: jax.vmap(dist))
    Xb, Yb = device_array(inp["Xb"]), device_array(inp["Yb"])
    rec.observe("vmap.batch", lambda: compiled_or_plain(vdist, jax.vmap(dist), Xb, Yb))
    grad_self = jax.jit(jax.grad(lambda Z: jnp.sum(dist(Z, Z))))
    rec.observe("grad.self", lambda: grad_self(X))
    if "Xnf" in inp:  # NaN and inf propagate as in v1: X's and Y's shapes, fwd.rect's program
        forward("fwd.nonfinite", inp["Xnf"], inp["Ynf"])
    if "Z" in inp:  # every pair coincides: X's shape, so the programs of fwd.self and grad.self serve
        Z = device_array(inp["Z"])
        rec.observe("fwd.zeros", lambda: compiled_or_plain(self_dist, lambda A: dist(A, A), Z))
        rec.observe("grad.zeros", lambda: grad_self(Z))
    if "Zc" in inp:  # the same with one drawn point repeated: the same two programs
        Zc = device_array(inp["Zc"])
        rec.observe("fwd.coincide", lambda: compiled_or_plain(self_dist, lambda A: dist(A, A), Zc))
        rec.observe("grad.coincide", lambda: grad_self(Zc))
    if "Xulp" in inp:  # distinct rows a few ulps apart, X's shape: grad.self's program
        rec.observe("grad.ulp", lambda: grad_self(device_array(inp["Xulp"])))

    grads = {}

    def grad_w(A: Any, B: Any) -> Any:
        return jax.grad(lambda A, B: jnp.sum(W * dist(A, B)), argnums=(0, 1))(A, B)

    def grad_xy() -> Any:
        gx, gy = compiled_or_plain(shared.get("grad_w_xy", lambda: grad_w), grad_w, X, Y)
        grads["y"] = gy
        return gx

    _run_calls(rec, inp, {"X": X, "Y": Y}, dist)
    # X's and Y's bytes as points of dimension 1, eager after the sequence, whose reshaped call compiled
    # these shapes already: no program of its own
    X1, Y1 = device_array(inp["X1"]), device_array(inp["Y1"])
    rec.observe("fwd.d1", lambda: dist(X1, Y1))
    rec.observe("grad.x", grad_xy)
    if "y" in grads:
        rec.observe("grad.y", lambda: grads["y"])
    else:
        rec.values["grad.y"] = rec.values["grad.x"]  # the same call failed: same error entry

