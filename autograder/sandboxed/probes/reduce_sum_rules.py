"""Child-side probe of exercise `reduce_sum_rules` (runs next to the student's code; only observes).

The student registered JVP, transpose and batching rules on the chapter setup's
`custom_reduce_sum_p`. The probe calls `custom_reduce_sum_p.bind(x, axis=<sorted tuple>)` directly
(the primitive only accepts normalised axes) under jvp / linear_transpose / grad / jit / vmap, and
the public `custom_reduce_sum(x, axis)` only where its axis normalisation is the point. It records raw
results; every expected value is computed by the parent.

Inputs (`inp`, drawn by autograder.exercises.reduce_sum_rules.inputs):
  x (3-D f32), t (tangent, shape of x), w_grad (f32, reduced shape), ct_<i> (transpose cotangents),
  xb_<k> (batched inputs), xn_<j> (nested-vmap inputs), xv / wv (vmap of grad), x2 / v2 / w2
  (second order), plus params `jvp_axes`, `transpose_axes`, `grad_axis`, `vmap_pos`, `vmap_neg`,
  `vmap_nested`, `vmap_grad`, `hess_axis` described in the parent module.

Observation keys. Any key may be missing when the child stopped early (crash, timeout); any key may
hold an error entry instead of its value when the observed call raised.
  prim.class            JSON str: "<module>.<qualname>" of type(custom_reduce_sum_p).
  prim.bind_overridden  JSON bool: the primitive instance carries its own `bind` attribute.
  rules                 JSON dict {"jvp": bool, "transpose": bool, "batching": bool}: whether the
                        primitive is a key of ad.primitive_jvps, ad.primitive_transposes,
                        batching.fancy_primitive_batchers (0.12 stores primitive_batchers rules there).
  jaxpr.forward         JSON list[str]: primitive names of every equation, recursing into sub-jaxprs
                        (at most 2000), of make_jaxpr(lambda v: custom_reduce_sum(v, grad_axis))(x).
  jaxpr.grad            JSON list[str]: same for make_jaxpr(grad(L))(x, w_grad) with
                        L(v, w) = sum(w * custom_reduce_sum(v, grad_axis) ** 2).
  jaxpr.vmap            JSON list[str]: same for make_jaxpr(vmap(custom_reduce_sum(., axis), in_axes=k))
                        of the first `vmap_pos` case.
  jvp.<i>.primal        f32 array, shape of x reduced over jvp_axes[i]: primal out of
                        jax.jvp(bind(., axis=jvp_axes[i]), (x,), (t,)).
  jvp.<i>.tangent       f32 array, same shape: tangent out of that jvp.
  jvp.jit.tangent       f32 array: tangent out of jit(jvp) for jvp_axes[0].
  transpose.<i>         f32 array, shape of x:
                        jax.linear_transpose(bind(., axis=transpose_axes[i]), x)(ct_<i>)[0].
  grad_jit              f32 array, shape of x: jit(grad(L_bind))(x, w_grad), L_bind as L with bind.
  vmap.pos.<k>          f32 array: vmap(bind(., axis=vmap_pos[k].axis), in_axes=vmap_pos[k].in_axes)(xb_<k>).
  vmap.neg.<j>          f32 array: vmap(lambda v: custom_reduce_sum(v, vmap_neg[j].axis),
                        in_axes=vmap_neg[j].in_axes)(xg_<j>); axis is an int or a tuple with negative entries.
  vmap.nested.<j>       f32 array: jit(vmap(vmap(bind(., axis), in_axes=inner), in_axes=outer))(xn_<j>).
  vmap_grad             f32 array: vmap(grad(L_bind), in_axes=(k, None))(xv, wv), L_bind over vmap_grad.axis.
  hess.fwd_fwd          f32 0-d array: d^2/de^2 g(x2 + e v2) by jvp of jvp,
                        g(v) = sum(w2 * sin(bind(v*v, hess_axis))).
  hess.fwd_rev          f32 array, shape of x2: jvp of grad(g) along v2 (Hessian-vector product).
  hess.rev_rev          f32 array, shape of x2: grad of <grad(g), v2>.
  hess.rev_fwd          f32 array, shape of x2: grad of the jvp of g along v2.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
from jax.interpreters import ad, batching

MAX_NAMES = 2000


def primitive_names(closed: Any) -> list[str]:
    """Names of the primitives of every equation of a ClosedJaxpr, recursing into sub-jaxprs."""
    names: list[str] = []

    def walk(jaxpr: Any, depth: int) -> None:
        if depth > 20:
            return
        for eqn in jaxpr.eqns:
            if len(names) >= MAX_NAMES:
                return
            names.append(str(eqn.primitive.name))
            for value in eqn.params.values():
                for sub in value if isinstance(value, (tuple, list)) else (value,):
                    if hasattr(sub, "eqns"):
                        walk(sub, depth + 1)
                    elif hasattr(getattr(sub, "jaxpr", None), "eqns"):
                        walk(sub.jaxpr, depth + 1)

    walk(closed.jaxpr, 0)
    return names


def observe_many(rec: Any, keys: tuple[str, ...], fn: Any) -> None:
    """Run `fn` once and record its len(keys) results under `keys` (or its error under all of them)."""
    try:
        results = tuple(fn())
        if len(results) != len(keys):
            raise ValueError(f"expected {len(keys)} results, got {len(results)}")
    except Exception as exc:  # the student's code may raise anything; that is an observation
        for key in keys:
            rec.put_error(key, exc)
        return
    for key, result in zip(keys, results, strict=True):
        rec.observe(key, lambda result=result: result)


def _axis(spec: Any) -> int | tuple[int, ...]:
    return tuple(int(a) for a in spec) if isinstance(spec, list) else int(spec)


def probe(ns: dict, inp: dict, rec: Any) -> None:
    prim = ns.get("custom_reduce_sum_p")
    public = ns.get("custom_reduce_sum")

    def bind(v: Any, axis: list[int]) -> Any:
        if prim is None:
            raise NameError("custom_reduce_sum_p is not defined")
        return prim.bind(v, axis=tuple(int(a) for a in axis))

    def crs(v: Any, axis: Any) -> Any:
        if public is None:
            raise NameError("custom_reduce_sum is not defined")
        return public(v, axis)

    rec.observe("prim.class", lambda: f"{type(prim).__module__}.{type(prim).__qualname__}")
    rec.observe("prim.bind_overridden", lambda: "bind" in vars(prim))
    rec.observe("rules", lambda: {"jvp": prim in ad.primitive_jvps,
                                  "transpose": prim in ad.primitive_transposes,
                                  "batching": prim in batching.fancy_primitive_batchers})

    x, t = inp["x"], inp["t"]
    gax = inp["grad_axis"]

    def loss_public(v: Any, w: Any) -> Any:
        return jnp.sum(w * crs(v, tuple(gax)) ** 2)

    rec.observe("jaxpr.forward", lambda: primitive_names(jax.make_jaxpr(lambda v: crs(v, tuple(gax)))(x)))
    rec.observe("jaxpr.grad",
                lambda: primitive_names(jax.make_jaxpr(jax.grad(loss_public))(x, inp["w_grad"])))
    first = inp["vmap_pos"][0]
    rec.observe("jaxpr.vmap", lambda: primitive_names(jax.make_jaxpr(
        jax.vmap(lambda v: crs(v, tuple(first["axis"])), in_axes=first["in_axes"]))(inp["xb_0"])))

    for i, axis in enumerate(inp["jvp_axes"]):
        observe_many(rec, (f"jvp.{i}.primal", f"jvp.{i}.tangent"),
                     lambda axis=axis: jax.jvp(lambda v: bind(v, axis), (x,), (t,)))
    ax0 = inp["jvp_axes"][0]
    rec.observe("jvp.jit.tangent",
                lambda: jax.jit(lambda v, d: jax.jvp(lambda u: bind(u, ax0), (v,), (d,))[1])(x, t))

    for i, axis in enumerate(inp["transpose_axes"]):
        rec.observe(f"transpose.{i}", lambda i=i, axis=axis: jax.linear_transpose(
            lambda v: bind(v, axis), x)(inp[f"ct_{i}"])[0])

    def loss_bind(axis: list[int]) -> Any:
        return lambda v, w: jnp.sum(w * bind(v, axis) ** 2)

    rec.observe("grad_jit", lambda: jax.jit(jax.grad(loss_bind(gax)))(x, inp["w_grad"]))

    for k, case in enumerate(inp["vmap_pos"]):
        rec.observe(f"vmap.pos.{k}", lambda k=k, case=case: jax.vmap(
            lambda v: bind(v, case["axis"]), in_axes=case["in_axes"])(inp[f"xb_{k}"]))
    for j, case in enumerate(inp["vmap_neg"]):
        rec.observe(f"vmap.neg.{j}", lambda j=j, case=case: jax.vmap(
            lambda v: crs(v, _axis(case["axis"])), in_axes=case["in_axes"])(inp[f"xg_{j}"]))
    for j, case in enumerate(inp["vmap_nested"]):
        rec.observe(f"vmap.nested.{j}", lambda j=j, case=case: jax.jit(jax.vmap(
            jax.vmap(lambda v: bind(v, case["axis"]), in_axes=case["inner"]), in_axes=case["outer"]))(
            inp[f"xn_{j}"]))
    vg = inp["vmap_grad"]
    rec.observe("vmap_grad", lambda: jax.vmap(jax.grad(loss_bind(vg["axis"])), in_axes=(vg["in_axes"], None))(
        inp["xv"], inp["wv"]))

    x2, v2, w2, hax = inp["x2"], inp["v2"], inp["w2"], inp["hess_axis"]

    def g(v: Any) -> Any:
        return jnp.sum(w2 * jnp.sin(bind(v * v, hax)))

    rec.observe("hess.fwd_fwd", lambda: jax.jvp(lambda u: jax.jvp(g, (u,), (v2,))[1], (x2,), (v2,))[1])
    rec.observe("hess.fwd_rev", lambda: jax.jvp(jax.grad(g), (x2,), (v2,))[1])
    rec.observe("hess.rev_rev", lambda: jax.grad(lambda u: jnp.vdot(jax.grad(g)(u), v2))(x2))
    rec.observe("hess.rev_fwd", lambda: jax.grad(lambda u: jax.jvp(g, (u,), (v2,))[1])(x2))
