"""Child-side probe of exercise `reduce_sum_rules` (runs next to the student's code; only observes).

The student registered JVP, transpose and batching rules on the chapter setup's
`custom_reduce_sum_p`. The probe calls `custom_reduce_sum_p.bind(x, axis=<sorted tuple>)` directly
(the primitive only accepts normalised axes) under jvp / linear_transpose / grad / jit / vmap, and
the public `custom_reduce_sum(x, axis)` only where its axis normalisation is the point. It records raw
results; every expected value is computed by the parent.

Inputs (`inp`, drawn by autograder.exercises.reduce_sum_rules.inputs):
  x (3-D f32), t (tangent, shape of x), w_grad (f32, reduced shape), ct_<i> (transpose cotangents),
  xb_<k> (batched inputs), xn_<j> (nested-vmap inputs), xv / wv (vmap of grad), x2 / v2 / w2
  (second order), c_<c>_x / c_<c>_t / c_<c>_ct / c_<c>_xb (the class cases: unit, rep, cancel, f64
  (float64 arrays), bf16 (float32 arrays of bfloat16-exact values), int32 (int32; no t / ct)), plus
  params `jvp_axes`, `transpose_axes`, `grad_axis`, `vmap_pos`, `vmap_neg`, `vmap_nested`,
  `vmap_grad`, `hess_axis` and `classes` ({case: {"axis", "in_axes"}}) described in the parent module.

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
                        jax.jvp(bind(., axis=jvp_axes[i]), (x,), (t,)); eager for i = 0, the others in
                        one jitted call with the class cases and jvp.jit.tangent.
  jvp.<i>.tangent       f32 array, same shape: tangent out of that jvp.
  jvp.jit.tangent       f32 array: tangent out of jit(jvp) for jvp_axes[0].
  jvp.cls.<c>.primal    f32 array (c in unit, rep, cancel): primal out of
                        jax.jvp(bind(., axis=classes[c].axis), (c_<c>_x,), (c_<c>_t,)), under jit.
  jvp.cls.<c>.tangent   f32 array: tangent out of that jvp.
  transpose.<i>         f32 array, shape of x:
                        jax.linear_transpose(bind(., axis=transpose_axes[i]), x)(ct_<i>)[0]; every
                        transpose.* case in one jitted call.
  transpose.cls.<c>     f32 array, shape of c_<c>_x (c in unit, rep): linear_transpose of
                        bind(., axis=classes[c].axis) applied to c_<c>_ct.
  grad_jit              f32 array, shape of x: jit(grad(L_bind))(x, w_grad), L_bind as L with bind.
  vmap.pos.<k>          f32 array: vmap(bind(., axis=vmap_pos[k].axis), in_axes=vmap_pos[k].in_axes)(xb_<k>);
                        eager for k = 0, the others in one jitted call with vmap.cls.*.
  vmap.cls.<c>          f32 array (int32 array for c = int32; c in unit, rep, cancel, int32):
                        vmap(bind(., axis=classes[c].axis), in_axes=classes[c].in_axes)(c_<c>_xb).
  dtype.<c>.<t>         array (c in f64, bf16; t in jvp, transpose, vmap): under jit, the tangent of
                        jvp(bind) on (c_<c>_x, c_<c>_t), linear_transpose(bind) of c_<c>_ct, or
                        vmap(bind) of c_<c>_xb, over classes[c].axis; f64 runs under jax.enable_x64 with
                        float64 inputs, bf16 casts the float32 inputs to bfloat16 and reports the
                        result as float32 (exact: bfloat16 widens exactly).
  dtype.<c>.<t>.dtype   JSON str: the dtype name of that result ("float64", "bfloat16", ...).
  jvp.edge.noax.primal, jvp.edge.noax.tangent
                        f32 arrays shaped like x: jvp(bind(., axis=())) on (x, t), in the jitted jvp call.
  transpose.edge.noax   f32 array shaped like x: linear_transpose(bind(., axis=()))(e_noax_ct), in the
                        jitted transpose call.
  vmap.edge.<e>         f32 array (e in b0, b1, noax, scalar): vmap(bind(., axis=vmap_edges[e].axis),
                        in_axes=vmap_edges[e].in_axes)(e_<e>_xb), in the jitted call with vmap.cls.*: a
                        batch of 0 or 1, axis=() under vmap, vmap over 0-d examples.
  vmap.neg.<j>          f32 array: vmap(lambda v: custom_reduce_sum(v, vmap_neg[j].axis),
                        in_axes=vmap_neg[j].in_axes)(xg_<j>); axis is an int or a tuple with negative entries.
  vmap.effect           f32 array, shape of vmap.pos.0: the eager vmap.pos.0 call with the primitive's impl
                        shifted by `effect_marker` minus the same call unshifted (`_batching_effect`).
                        Missing when the inputs carry no `effect_marker`; an error entry when either
                        call raised.
  vmap.nested.<j>       f32 array: jit(vmap(vmap(bind(., axis), in_axes=inner), in_axes=outer))(xn_<j>).
  vmap_grad             f32 array: vmap(grad(L_bind), in_axes=(k, None))(xv, wv), L_bind over vmap_grad.axis.
  hess.fwd_fwd          f32 0-d array: d^2/de^2 g(x2 + e v2) by jvp of jvp,
                        g(v) = sum(w2 * sin(bind(v*v, hess_axis))).
  hess.fwd_rev          f32 array, shape of x2: jvp of grad(g) along v2 (Hessian-vector product).
  hess.rev_rev          f32 array, shape of x2: grad of <grad(g), v2>.
  hess.rev_fwd          f32 array, shape of x2: grad of the jvp of g along v2.
  calls.<i>             array: step i of `calls.steps` ({"op", "arg", "axis", "why", "primal"?, "in_axes"?,
                        "fresh"?, "dtype"?}), eager, in the parent's order: op jvp: the tangent out of
                        jax.jvp(bind(., axis), (x,), (inp[arg],)), both reshaped to `primal`; op transpose:
                        jax.linear_transpose(bind(., axis), <primal shape>)(inp[arg] reshaped to the
                        primal shape reduced over axis)[0]; op vmap: vmap(bind(., axis), in_axes)(inp[arg]).
                        With fresh, the input is a device array made from the NumPy inp[arg] for this
                        call and dropped after it; with dtype "float64", x and the input are cast to
                        float64 and the call runs under jax.enable_x64 (the result float64). The
                        sequence's own inputs: q_t0, q_t1 (tangents of x's shape), q_ct, q_ct0, q_ct1
                        (cotangents), q_xb0, q_xb1 (batched inputs of xb_0's shape).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.interpreters import ad, batching

from ..jit_cache import device_inputs
from .buckets import BucketRun, jit_bucket, run_bucket
from .recycled_arrays import Recycler, Slot, slot_of

MAX_NAMES = 2000
# bound at import, before student code
_enable_x64, _device_put = jax.enable_x64, jax.device_put



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


def _axis(spec: Any) -> int | tuple[int, ...]:
    return tuple(int(a) for a in spec) if isinstance(spec, list) else int(spec)


def _batching_effect(prim: Any, bind: Any, case: tuple, marker: float) -> Any:
    """Eager vmap of `case` (where the batching rule's own binds reach the impl) with the primitive's
    impl shifted by `marker`, minus the same call with the impl as it was: `marker` (or a multiple) in
    every element when the rule's output is the primitive's result, 0 where the rule only binds it
    as a decoy (`jnp.sum(x) + 0 * bind(...)`)."""
    clean = jax.vmap(lambda v: bind(v, case[2]), in_axes=case[3])(case[1])
    original = prim.impl
    prim.impl = lambda v, **params: original(v, **params) + jnp.asarray(marker, jnp.result_type(v))
    try:
        shifted = jax.vmap(lambda v: bind(v, case[2]), in_axes=case[3])(case[1])
    finally:
        prim.impl = original
    return np.asarray(shifted, np.float32) - np.asarray(clean, np.float32)  # on the host: no compilation


def _call_array(raw: dict, step: dict, name: str) -> np.ndarray:
    """The NumPy array a call-sequence step hands over (`name`: "x" for a jvp's primal, else its
    input): the parent's bytes in the step's shape, cast to its dtype."""
    v = raw[name]
    if step["op"] == "jvp":
        v = v.reshape(step["primal"])
    elif step["op"] == "transpose":
        v = v.reshape([d for k, d in enumerate(step["primal"]) if k not in step["axis"]])
    return v.astype(step.get("dtype", v.dtype))


def _call(bind: Any, step: dict, x: Any, v: Any) -> Any:
    """One eager call of the sequence on `v` (primal `x` for jvp)."""
    axis = step["axis"]
    if step["op"] == "jvp":
        return jax.jvp(lambda u: bind(u, axis), (x,), (v,))[1]
    if step["op"] == "transpose":
        primal = jax.ShapeDtypeStruct(tuple(step["primal"]), v.dtype)
        return jax.linear_transpose(lambda u: bind(u, axis), primal)(v)[0]
    return jax.vmap(lambda u: bind(u, axis), in_axes=step["in_axes"])(v)


def _run_calls(rec: Any, raw: dict, inp: dict, bind: Any) -> None:
    """The eager call sequence `inp["calls"]` in the parent's order: a live device input (as the
    probe holds it), its bytes in another shape or its values in float64 (under x64) put on the
    device for the call (the jvp's primal alike), or a fresh array; the recycled one is made where its
    block's first fresh array is dropped, with its id (recycled_arrays.py)."""
    steps = inp.get("calls", {}).get("steps", ())
    datas = [_call_array(raw, step, step["arg"]) for step in steps]  # NumPy, before any fresh array
    recycler = Recycler()
    made: dict[str, Slot] = {}  # op -> where its block's last fresh array is
    x_live = inp["x"]
    for i, (step, data) in enumerate(zip(steps, datas, strict=True)):
        with _enable_x64(step.get("dtype") == "float64"):
            x = x_live
            if step.get("fresh"):
                v = recycler.fresh(data, made.get(step["op"]) if step["why"] == "recycled" else None)
                made[step["op"]] = slot_of(v)
            elif step["why"] == "reshaped" or "dtype" in step:  # the step's own arrays
                v = _device_put(data)
                x = _device_put(_call_array(raw, step, "x")) if step["op"] == "jvp" else None
            else:
                v = inp[step["arg"]]
            rec.observe(f"calls.{i}", lambda v=v, x=x, step=step: _call(bind, step, x, v))
            v = x = None  # a fresh array's only reference is the recycler's, dropped when the next is made
    recycler.drop()


def probe(ns: dict, inp: dict, rec: Any) -> None:
    # over 80 lines: one stretch per sub-check, in the order the verdict reads them
    raw = inp  # NumPy, for the arrays the call sequence makes afresh
    # the inputs on the device once: eager calls and a student's jnp.asarray compile no copy
    inp = device_inputs(inp)
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

    x = inp["x"]
    gax = inp["grad_axis"]

    def loss_public(v: Any, w: Any) -> Any:
        return jnp.sum(w * crs(v, tuple(gax)) ** 2)

    rec.observe("jaxpr.forward", lambda: primitive_names(jax.make_jaxpr(lambda v: crs(v, tuple(gax)))(x)))
    rec.observe("jaxpr.grad",
                lambda: primitive_names(jax.make_jaxpr(jax.grad(loss_public))(x, inp["w_grad"])))
    first = inp["vmap_pos"][0]
    rec.observe("jaxpr.vmap", lambda: primitive_names(jax.make_jaxpr(
        jax.vmap(lambda v: crs(v, tuple(first["axis"])), in_axes=first["in_axes"]))(inp["xb_0"])))

    # Compilation is paid once per sub-check: every case of a sub-check runs in one jitted call
    # (`observe_bucket`: each case keeps its own shapes, XLA compiles the bucket once, every array is
    # an argument, none a captured constant), and only the first case of jvp and of vmap also runs
    # eagerly, where the rules meet concrete arrays. A case that raises takes its bucket's keys with
    # it; they all belong to the same sub-check.
    cls = inp["classes"]
    jvp_cases = [(f"jvp.{i}", inp["x"], inp["t"], axis) for i, axis in enumerate(inp["jvp_axes"])]
    jvp_cases += [(f"jvp.cls.{c}", inp[f"c_{c}_x"], inp[f"c_{c}_t"], cls[c]["axis"])
                  for c in ("unit", "rep", "cancel")]
    if "e_noax_ct" in inp:  # axis=(): the sum over no axis
        jvp_cases.append(("jvp.edge.noax", inp["x"], inp["t"], []))
    jvp_cases.append(("jvp.jit", inp["x"], inp["t"], inp["jvp_axes"][0]))
    first, rest = jvp_cases[0], jvp_cases[1:]
    eager = 0  # the jvp case that also runs eagerly
    observe_many(rec, (f"jvp.{eager}.primal", f"jvp.{eager}.tangent"),
                 lambda: jax.jvp(lambda v: bind(v, first[3]), (first[1],), (first[2],)))
    keys = tuple(f"{c[0]}.{part}" for c in rest[:-1] for part in ("primal", "tangent")) + ("jvp.jit.tangent",)

    def jvp_bucket(xs: Any, ts: Any) -> tuple:
        pairs = [jax.jvp(lambda u, axis=c[3]: bind(u, axis), (v,), (d,))
                 for c, v, d in zip(rest, xs, ts, strict=True)]
        return (*(r for pair in pairs[:-1] for r in pair), pairs[-1][1])

    observe_bucket(rec, keys, jvp_bucket, [c[1] for c in rest], [c[2] for c in rest])

    tr_cases = [(f"transpose.{i}", x, inp[f"ct_{i}"], axis) for i, axis in enumerate(inp["transpose_axes"])]
    tr_cases += [(f"transpose.cls.{c}", inp[f"c_{c}_x"], inp[f"c_{c}_ct"], cls[c]["axis"])
                 for c in ("unit", "rep")]
    if "e_noax_ct" in inp:
        tr_cases.append(("transpose.edge.noax", x, inp["e_noax_ct"], []))
    observe_bucket(rec, tuple(c[0] for c in tr_cases), lambda cts: tuple(
        jax.linear_transpose(lambda v, axis=c[3]: bind(v, axis), c[1])(ct)[0]
        for c, ct in zip(tr_cases, cts, strict=True)), [c[2] for c in tr_cases])

    def loss_bind(axis: list[int]) -> Any:
        return lambda v, w: jnp.sum(w * bind(v, axis) ** 2)

    observe_bucket(rec, ("grad_jit",), lambda v, w: (jax.grad(loss_bind(gax))(v, w),), x, inp["w_grad"])

    pos = [(f"vmap.pos.{k}", inp[f"xb_{k}"], c["axis"], c["in_axes"]) for k, c in enumerate(inp["vmap_pos"])]
    pos += [(f"vmap.cls.{c}", inp[f"c_{c}_xb"], cls[c]["axis"], cls[c]["in_axes"])
            for c in ("unit", "rep", "cancel", "int32")]
    pos += [(f"vmap.edge.{e}", inp[f"e_{e}_xb"], c["axis"], c["in_axes"])
            for e, c in inp.get("vmap_edges", {}).items()]
    first_pos, rest_pos = pos[0], pos[1:]
    rec.observe(first_pos[0], lambda: jax.vmap(lambda v: bind(v, first_pos[2]), in_axes=first_pos[3])(
        first_pos[1]))
    if "effect_marker" in inp:
        rec.observe("vmap.effect", lambda: _batching_effect(prim, bind, first_pos, inp["effect_marker"]))
    observe_bucket(rec, tuple(c[0] for c in rest_pos), lambda xs: tuple(
        jax.vmap(lambda v, axis=c[2]: bind(v, axis), in_axes=c[3])(v)
        for c, v in zip(rest_pos, xs, strict=True)), [c[1] for c in rest_pos])

    neg = [(f"vmap.neg.{j}", inp[f"xg_{j}"], case) for j, case in enumerate(inp["vmap_neg"])]
    observe_bucket(rec, tuple(c[0] for c in neg), lambda xs: tuple(
        jax.vmap(lambda v, case=c[2]: crs(v, _axis(case["axis"])), in_axes=c[2]["in_axes"])(v)
        for c, v in zip(neg, xs, strict=True)), [c[1] for c in neg])
    nested = inp["vmap_nested"]
    observe_bucket(rec, tuple(f"vmap.nested.{j}" for j in range(len(nested))), lambda xs: tuple(
        jax.vmap(jax.vmap(lambda v, case=case: bind(v, case["axis"]), in_axes=case["inner"]),
                 in_axes=case["outer"])(v) for case, v in zip(nested, xs, strict=True)),
        [inp[f"xn_{j}"] for j in range(len(nested))])
    vg = inp["vmap_grad"]
    per_example = jax.vmap(jax.grad(loss_bind(vg["axis"])), in_axes=(vg["in_axes"], None))
    observe_bucket(rec, ("vmap_grad",), lambda v, w: (per_example(v, w),), inp["xv"], inp["wv"])

    _run_calls(rec, raw, inp, bind)

    hax = inp["hess_axis"]

    def hessians(u: Any, v2: Any, w2: Any) -> tuple:
        def g(v: Any) -> Any:
            return jnp.sum(w2 * jnp.sin(bind(v * v, hax)))

        return (jax.jvp(lambda p: jax.jvp(g, (p,), (v2,))[1], (u,), (v2,))[1],
                jax.jvp(jax.grad(g), (u,), (v2,))[1],
                jax.grad(lambda p: jnp.vdot(jax.grad(g)(p), v2))(u),
                jax.grad(lambda p: jax.jvp(g, (p,), (v2,))[1])(u))

    observe_bucket(rec, ("hess.fwd_fwd", "hess.fwd_rev", "hess.rev_rev", "hess.rev_fwd"), hessians,
                   inp["x2"], inp["v2"], inp["w2"])

    _dtype_cases(rec, inp, bind)


def _dtype_cases(rec: Any, inp: dict, bind: Any) -> None:
    """jvp, transpose and vmap of bind on float64 (under x64) and bfloat16 inputs, each transform in
    one jitted call; results with their dtype names. bfloat16 inputs arrive as float32 and are cast
    inside the jitted call, and bfloat16 results leave it as float32 (exact: bfloat16 widens
    exactly), so no eager conversion compiles a program of its own."""
    for case, cast in (("f64", None), ("bf16", jnp.bfloat16)):
        axis, k = inp["classes"][case]["axis"], inp["classes"][case]["in_axes"]
        x0 = jax.ShapeDtypeStruct(inp[f"c_{case}_x"].shape, cast or inp[f"c_{case}_x"].dtype)

        def reduce(v: Any, axis: list[int] = axis) -> Any:
            return bind(v, axis)

        calls = {
            "jvp": (lambda v, d: jax.jvp(reduce, (v,), (d,))[1], ("x", "t")),
            "transpose": (lambda ct, x0=x0: jax.linear_transpose(reduce, x0)(ct)[0], ("ct",)),
            "vmap": (jax.vmap(reduce, in_axes=k), ("xb",)),
        }
        with jax.enable_x64(case == "f64"):
            for what, (fn, names) in calls.items():
                dtype_seen: list[str] = []

                def typed(*args: Any, fn: Any = fn, cast: Any = cast, seen: list[str] = dtype_seen) -> Any:
                    out = fn(*(a if cast is None else a.astype(cast) for a in args))
                    seen.append(str(out.dtype))  # at trace time: the result's own dtype
                    return out.astype(jnp.float32) if out.dtype == jnp.bfloat16 else out

                try:
                    values = np.asarray(jax.jit(typed)(*(inp[f"c_{case}_{n}"] for n in names)))
                except Exception as exc:  # the student's rules may raise anything; that is an observation
                    rec.put_error(f"dtype.{case}.{what}", exc)
                    rec.put_error(f"dtype.{case}.{what}.dtype", exc)
                    continue
                rec.observe(f"dtype.{case}.{what}", lambda values=values: values)
                rec.observe(f"dtype.{case}.{what}.dtype", lambda name=dtype_seen[-1]: name)
