"""Child-side probe of exercise `ffi_lowering` (runs next to the student's code; only observes).

The student defined the primitive `rms_norm_prim_p` whose CPU lowering is the FFI target `rms_norm`
(RMSNorm over the last axis), with an eager impl and a batching rule. The probe only ever calls
`rms_norm_prim_p.bind(x, eps=np.float32(eps))`, eagerly and under jit / vmap / lower, and records the
raw results; the parent computes float64 RMSNorm itself.

Inputs (`inp`, drawn by autograder.exercises.ffi_lowering.inputs; arrays float32):
  x<d> (d in 1..4: a d-D input), xs (small-magnitude input for the eps cases), xv<k> (vmap inputs),
  xj<k> (jit-of-vmap inputs), xn<k> (nested-vmap inputs), params `eps` (float, default case),
  `eps_cases` (list of float), `vmap_cases` / `jit_vmap_cases` (lists of {"in_axes"}),
  `nested_cases` (list of {"inner", "outer"}), `eps_vmap_cases` (list of {"in_axes", "eps"}) with
  inputs xe<j>, `calls` ({"steps"}: the eager call sequence) with the fresh arrays' inputs xr<j>.

Observation keys. Any key may be missing when the child stopped early (crash, timeout); any key may
hold an error entry instead of its value when the observed call raised.
  prim.class            JSON str: "<module>.<qualname>" of type(rms_norm_prim_p).
  prim.bind_overridden  JSON bool: the primitive instance carries its own `bind` attribute.
  lowered.jit           JSON str (at most 200000 chars): jax.jit(bind).lower(x2).as_text(), the
                        StableHLO module of the jitted primitive.
  eager.<d>             f32 array shaped like x<d>: bind(x<d>, eps) outside any jit.
  jit.<d>               f32 array shaped like x<d>: jax.jit(bind)(x<d>).
  eps.<j>               f32 array shaped like xs: jax.jit(lambda v: bind(v, eps_cases[j]))(xs).
  eps_eager.<j>         f32 array shaped like xs: bind(xs, eps_cases[j]) outside any jit (the impl
                        rule must pass eps on as the lowering does).
  vmap.<k>              f32 array: jax.vmap(bind, in_axes=vmap_cases[k].in_axes)(xv<k>), eager for k = 0,
                        the others in one jitted call.
  jit_vmap.<k>          f32 array: jax.jit(jax.vmap(bind, in_axes=jit_vmap_cases[k].in_axes))(xj<k>).
  eps_vmap.<j>          f32 array: vmap(lambda v: bind(v, eps_vmap_cases[j].eps),
                        in_axes=eps_vmap_cases[j].in_axes)(xe<j>), eager for j=0, under jit for j=1.
  nested.<k>            f32 array: jax.vmap(jax.vmap(bind, in_axes=inner), in_axes=outer)(xn<k>), eager
                        for k = 0, the others in one jitted call.
  calls.<i>             f32 array: bind(., eps) eagerly on step i of `calls.steps` ({"arg", "flat", "why",
                        "fresh"?}): inp[arg] (flattened when flat), or with fresh, a device array made
                        from the NumPy inp[arg] for this call and dropped after it.
"""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

from ..jit_cache import device_inputs
from .buckets import BucketRun, jit_bucket

MAX_TEXT_CHARS = 200_000



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

def _run_calls(rec: Any, raw: dict, inp: dict, rms: Any) -> None:
    """The eager call sequence `inp["calls"]` (its steps in the parent's order): a live input as it is
    or flattened, or a fresh device array made from the NumPy input just before its call and dropped
    right after it, so the next fresh array of its size may take its id."""
    for i, step in enumerate(inp.get("calls", {}).get("steps", ())):
        if step.get("fresh"):
            fresh = [jax.device_put(raw[step["arg"]])]
            rec.observe(f"calls.{i}", lambda fresh=fresh: rms(fresh[0]))
            fresh.clear()  # the only reference: freed now, before the next array is made
        elif step["flat"]:  # the same bytes flattened, put on the device from NumPy (no reshape program)
            v = jax.device_put(raw[step["arg"]].reshape(-1))
            rec.observe(f"calls.{i}", lambda v=v: rms(v))
        else:
            rec.observe(f"calls.{i}", lambda v=inp[step["arg"]]: rms(v))


def probe(ns: dict, inp: dict, rec: Any) -> None:
    raw = inp  # NumPy, for the arrays the call sequence makes afresh
    # the inputs on the device once: eager calls and a student's jnp.asarray compile no copy
    inp = device_inputs(inp)
    prim = ns.get("rms_norm_prim_p")

    def bind(v: Any, eps: float) -> Any:
        if prim is None:
            raise NameError("rms_norm_prim_p is not defined")
        return prim.bind(v, eps=np.float32(eps))

    eps0 = float(inp["eps"])

    def rms(v: Any) -> Any:
        return bind(v, eps0)

    rec.observe("prim.class", lambda: f"{type(prim).__module__}.{type(prim).__qualname__}")
    rec.observe("prim.bind_overridden", lambda: "bind" in vars(prim))
    rec.observe("lowered.jit", lambda: str(jax.jit(rms).lower(inp["x2"]).as_text())[:MAX_TEXT_CHARS])

    # One compiled program per bucket (probes/buckets.py); the first case of each eager transform
    # stays eager (bind's impl and the batching rule on concrete arrays).
    for d in (1, 2, 3, 4):
        rec.observe(f"eager.{d}", lambda d=d: rms(inp[f"x{d}"]))
    _run_calls(rec, raw, inp, rms)
    observe_bucket(rec, tuple(f"jit.{d}" for d in (1, 2, 3, 4)), lambda *xs: tuple(rms(v) for v in xs),
                   *(inp[f"x{d}"] for d in (1, 2, 3, 4)))
    eps_cases = inp["eps_cases"]
    observe_bucket(rec, tuple(f"eps.{j}" for j in range(len(eps_cases))),
                   lambda v: tuple(bind(v, eps) for eps in eps_cases), inp["xs"])
    for j, eps in enumerate(eps_cases):
        rec.observe(f"eps_eager.{j}", lambda eps=eps: bind(inp["xs"], eps))
    vmap_cases = inp["vmap_cases"]
    eager = 0  # the vmap case that runs eagerly
    rec.observe(f"vmap.{eager}", lambda: jax.vmap(rms, in_axes=vmap_cases[eager]["in_axes"])(
        inp[f"xv{eager}"]))
    observe_bucket(rec, tuple(f"vmap.{k}" for k in range(1, len(vmap_cases))), lambda *xs: tuple(
        jax.vmap(rms, in_axes=case["in_axes"])(v) for case, v in zip(vmap_cases[1:], xs, strict=True)),
        *(inp[f"xv{k}"] for k in range(1, len(vmap_cases))))
    for j, case in enumerate(inp.get("eps_vmap_cases", ())):
        batched = jax.vmap(lambda v, eps=case["eps"]: bind(v, eps), in_axes=case["in_axes"])
        rec.observe(f"eps_vmap.{j}", lambda j=j, batched=batched: (batched if j == 0 else jax.jit(batched))(
            inp[f"xe{j}"]))
    jv = inp["jit_vmap_cases"]
    observe_bucket(rec, tuple(f"jit_vmap.{k}" for k in range(len(jv))), lambda *xs: tuple(
        jax.vmap(rms, in_axes=case["in_axes"])(v) for case, v in zip(jv, xs, strict=True)),
        *(inp[f"xj{k}"] for k in range(len(jv))))
    nested = inp["nested_cases"]

    def nested_vmap(case: dict) -> Any:
        return jax.vmap(jax.vmap(rms, in_axes=case["inner"]), in_axes=case["outer"])

    rec.observe(f"nested.{eager}", lambda: nested_vmap(nested[eager])(inp[f"xn{eager}"]))
    observe_bucket(rec, tuple(f"nested.{k}" for k in range(1, len(nested))), lambda *xs: tuple(
        nested_vmap(case)(v) for case, v in zip(nested[1:], xs, strict=True)),
        *(inp[f"xn{k}"] for k in range(1, len(nested))))
