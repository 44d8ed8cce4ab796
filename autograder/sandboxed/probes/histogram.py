"""Child-side probe of exercise `histogram` (chapter 2, exercise 1: `primitive_histogram(f, *args)`).

The probe builds target functions the student never saw from the parameters the parent drew
(`build_targets(params)`: nesting of cond/switch, scan, while, inner jit called several times,
custom_jvp/custom_vjp, checkpoint, closed_call, shard_map, custom_vmap, linear_call,
custom_linear_solve, scatter-add/scatter-mul, remat_opt, select_and_scatter), then a call sequence
(`call_args`,
`make_call_function`), calls the student's `primitive_histogram(f, *args)` on each and
records the result as plain data. It never computes an expected histogram; the parent imports
`build_targets` from this module (trusted code, no student code involved) and traces the same
functions itself.

Observation keys (all JSON; `<t>` is a target name from TARGET_NAMES):
  defined            bool. Whether the namespace defines a callable `primitive_histogram`. Always written.
  <t>.type           str. Type of the returned value: "dict" or "Counter" when it is exactly
                     `dict` / `collections.Counter`, the bare name for other builtins ("list", "int"),
                     otherwise "<module>.<qualname>" of its type (e.g. "numpy.int64").
                     Written as an error entry when the student's call raised. Missing when `defined`
                     is false.
  <t>.mapping        bool. isinstance(result, collections.abc.Mapping) (defaultdict, OrderedDict,
                     MappingProxyType, ... as the public self-check accepts). Missing when `<t>.type`
                     is an error or `defined` is false.
  <t>.entries        list of objects {"key": str | null, "key_type": str, "value": int | float | null,
                     "value_type": str}, one per item of the returned mapping, at most MAX_ENTRIES.
                     `key` is the key when it is a str (else null); `value` is the count converted to
                     int (ints, numpy integers and 0-d integer arrays, bools excluded) or to float
                     (finite floats), else
                     null; the *_type fields are the exact type names. null when the result has no
                     `items()`. Written as an error entry when reading the mapping raised. Missing when
                     `<t>.type` is an error or `defined` is false.
  <t>.truncated      bool. True when the mapping had more than MAX_ENTRIES items (only the first were
                     recorded). Missing together with `<t>.entries`.
  calls.<i>.type, calls.<i>.mapping, calls.<i>.entries, calls.<i>.truncated
                     The same four keys for call i of the call sequence (`inp["calls"]`: functions of
                     one factory per family, each created before its first call and collected after
                     its last, called in the parent's order with arrays of other dtypes, the same data
                     in other shapes, a pytree and a Python int or float scalar). Missing when
                     `defined` is false.
"""

from __future__ import annotations

import collections
import collections.abc
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..observe import Recorder
from ..wire import HISTOGRAM_UNARY_OPS

MAX_ENTRIES = 500

# Target names, in recording order. "shared_jit" is the parent's gate target.
TARGET_NAMES: tuple[str, ...] = (
    "shared_jit", "branches", "loops", "custom", "remat", "deep", "same_branches", "other_kinds", "scatter",
    "jaxpr_params")

# Shape-preserving element-wise steps a target chains together (name -> f32 array -> f32 array).
UNARY_OPS: dict[str, Callable[[Any], Any]] = {
    "sin": jnp.sin,
    "cos": jnp.cos,
    "tanh": jnp.tanh,
    "exp_neg_sq": lambda t: jnp.exp(-t * t),
    "neg": jnp.negative,
    "abs": jnp.abs,
    "scale": lambda t: t * 1.5,
    "shift": lambda t: t + 0.25,
    "sigmoid": jax.nn.sigmoid,
    "log1p_abs": lambda t: jnp.log1p(jnp.abs(t)),
    "clip0": lambda t: jnp.maximum(t, 0.0),
    "square": jnp.square,
}
if tuple(sorted(UNARY_OPS)) != HISTOGRAM_UNARY_OPS:  # the parent draws chains from the wire's names
    raise ImportError("UNARY_OPS and wire.HISTOGRAM_UNARY_OPS name different ops")


def chain(ops: list[str]) -> Callable[[Any], Any]:
    """Compose the named element-wise steps left to right."""
    fns = [UNARY_OPS[name] for name in ops]

    def run(t):
        for fn in fns:
            t = fn(t)
        return t

    return run


def _vec(n: int) -> np.ndarray:
    return np.linspace(-1.0, 1.0, n, dtype=np.float32)


def _shared_jit(p: dict) -> tuple[Callable, tuple]:
    """Gate target: one jitted function called several times, itself calling another jitted one."""
    leaf = jax.jit(chain(p["leaf"]))

    @jax.jit
    def middle(t):
        for _ in range(p["leaf_calls"]):
            t = leaf(t)
        return chain(p["middle"])(t)

    def target(x):
        y = x
        for _ in range(p["middle_calls"]):
            y = middle(y)
        return jnp.sum(chain(p["top"])(y))

    return target, (_vec(p["n"]),)


def _branches(p: dict) -> tuple[Callable, tuple]:
    """lax.switch whose branches are chains; one branch holds a nested lax.cond (itself nesting one)."""
    def with_cond(t, flag):
        def inner_true(u):
            return lax.cond(u.sum() > 0, chain(p["deep_true"]), chain(p["deep_false"]), u)
        return lax.cond(flag, inner_true, chain(p["cond_false"]), t)

    def target(x, index, flag):
        branches = []
        for b, ops in enumerate(p["switch"]):
            if b == p["cond_branch"]:
                branches.append(lambda t, ops=ops: with_cond(chain(ops)(t), flag))
            else:
                branches.append(chain(ops))
        return lax.switch(index, branches, x)

    return target, (_vec(p["n"]), np.int32(1), np.bool_(True))


def _loops(p: dict) -> tuple[Callable, tuple]:
    """lax.scan with a chain body, then lax.while_loop (cond and body), optionally a while inside the scan."""
    limit = float(p["while_limit"])

    def body(carry, x_t):
        c = chain(p["scan_body"])(carry) * x_t
        if p["while_in_scan"]:
            step = chain(p["inner_while"])
            c, _ = lax.while_loop(lambda s: s[1] < 2, lambda s: (step(s[0]), s[1] + 1), (c, 0))
        return c, c + 1.0

    def target(x):
        c, ys = lax.scan(body, x[0], x, length=x.shape[0])
        cond = (lambda s: s[0] < limit) if p["cond_lt"] else (lambda s: jnp.logical_not(s[0] >= limit))
        w, acc = lax.while_loop(cond, lambda s: (s[0] + 1.0, chain(p["while_body"])(s[1])), (c, ys))
        return w + acc.sum()

    return target, (_vec(p["n"]),)


def _custom(p: dict) -> tuple[Callable, tuple]:
    """Own custom_jvp and custom_vjp functions (called several times) plus jax.nn.relu."""
    inner = chain(p["jvp_body"])

    @jax.custom_jvp
    def cj(t):
        return inner(t)

    @cj.defjvp
    def cj_jvp(primals, tangents):
        (t,), (dt,) = primals, tangents
        return cj(t), dt * jnp.cos(t)

    @jax.custom_vjp
    def cv(t):
        return chain(p["vjp_body"])(t)

    cv.defvjp(lambda t: (cv(t), t), lambda res, g: (g * jnp.cos(res),))

    def target(x):
        y = x
        for _ in range(p["jvp_calls"]):
            y = cj(y)
        for _ in range(p["vjp_calls"]):
            y = cv(y)
        if p["relu"]:
            y = jax.nn.relu(y)
        return y

    return target, (_vec(p["n"]),)


def _remat(p: dict) -> tuple[Callable, tuple]:
    """jax.checkpoint around a chain, optionally a checkpointed step inside a scan body."""
    step = jax.checkpoint(chain(p["remat_body"]))

    def target(x):
        y = step(x)
        if p["remat_in_scan"]:
            y, _ = lax.scan(lambda c, _: (jax.checkpoint(chain(p["scan_body"]))(c), None), y, None, length=3)
        return chain(p["tail"])(y)

    return target, (_vec(p["n"]),)


def _deep(p: dict) -> tuple[Callable, tuple]:
    """scan -> while -> cond -> jit (called twice) -> custom_jvp, several levels deep."""
    @jax.custom_jvp
    def smooth(t):
        return chain(p["custom_body"])(t)

    smooth.defjvp(lambda primals, tangents: (smooth(primals[0]), tangents[0]))
    leaf = jax.jit(lambda t: smooth(chain(p["jit_body"])(t)))

    def branch_true(t):
        return leaf(leaf(t))

    def while_body(s):
        t, k = s
        return lax.cond(t.sum() > 0, branch_true, chain(p["false_body"]), t), k + 1

    def scan_body(c, _):
        c, _k = lax.while_loop(lambda s: s[1] < 2, while_body, (c, 0))
        return c, None

    def target(x):
        y, _ = lax.scan(scan_body, x, None, length=p["scan_length"])
        return jax.checkpoint(chain(p["tail"]))(y)

    return target, (_vec(p["n"]),)


def _same_branches(p: dict) -> tuple[Callable, tuple]:
    """lax.switch and lax.cond whose branches are one function object used several times: JAX traces
    it once and the cond equation holds the same jaxpr object in several branch slots."""
    shared = chain(p["shared"])

    def target(x, index):
        branches = [shared if b in p["shared_slots"] else chain(ops) for b, ops in enumerate(p["switch"])]
        y = lax.switch(index, branches, x)
        return lax.cond(y.sum() > 0, shared, shared, y)

    return target, (_vec(p["n"]), np.int32(0))


def _other_kinds(p: dict) -> tuple[Callable, tuple]:
    """The other primitives of JAX 0.12 whose params hold a sub-jaxpr, under names other than `jaxpr`,
    `call_jaxpr` and `branches`: closed_call (printed `eval_jaxpr`, param `call_jaxpr`; one jaxpr object
    bound several times), shard_map (`jaxpr`, on a one-device mesh), custom_vmap_call (`call`),
    linear_call (`callee`) and a symmetric custom_linear_solve (`jaxprs`: a tuple holding None
    slots or one jaxpr object twice). JAX 0.12 has no custom_transpose primitive."""
    import jax.extend as je
    from jax.custom_batching import custom_vmap
    from jax.sharding import PartitionSpec

    scale = float(p["solve_scale"])
    mesh = jax.make_mesh((1,), ("i",))
    sharded = jax.shard_map(chain(p["shard_body"]), mesh=mesh, in_specs=PartitionSpec(),
                            out_specs=PartitionSpec())

    @custom_vmap
    def vmapped(t):
        return chain(p["vmap_body"])(t)

    @vmapped.def_vmap
    def _vmapped_rule(axis_size, in_batched, t):
        return chain(p["vmap_body"])(t), in_batched[0]

    def target(x):
        called = jax.make_jaxpr(chain(p["call_body"]))(jax.ShapeDtypeStruct(x.shape, x.dtype))
        if called.consts:
            raise ValueError("the closed_call body must have no constants")
        y = x
        for _ in range(p["call_uses"]):  # one jaxpr object, bound once per use
            (y,) = je.core.primitives.closed_call_p.bind(y, call_jaxpr=called.jaxpr)
        y = vmapped(sharded(y))
        y = jax.custom_derivatives.linear_call(
            lambda r, v: chain(p["callee_body"])(v) * r, lambda r, v: v * r, 2.0, y)
        return lax.custom_linear_solve(lambda v: v * scale, y, lambda _mv, b: b / scale, symmetric=True)

    return target, (_vec(p["n"]),)


def _scatter(p: dict) -> tuple[Callable, tuple]:
    """`x.at[i].add(...)` and `x.at[i].mul(...)` (scatter-add, scatter-mul) and, when drawn, `.max`: each
    scatter equation holds its combining function as an `update_jaxpr` param, a bare Jaxpr (no
    ClosedJaxpr around it) under a name no other primitive uses."""
    idx = np.asarray(p["index"], dtype=np.int32)

    def target(x):
        y = x.at[idx].add(chain(p["add_body"])(x[idx]))
        for _ in range(p["mul_uses"]):
            y = y.at[idx].mul(chain(p["mul_body"])(y[idx]))
        if p["with_max"]:
            y = y.at[idx].max(x[idx])
        return chain(p["tail"])(y)

    return target, (_vec(p["n"]),)


def _jaxpr_params(p: dict) -> tuple[Callable, tuple]:
    """Primitives whose jaxpr params have names none of the other targets use, found by walking the
    params of JAX 0.12's own equations (`jax.extend.core.jaxprs_in_params`): `remat_opt` keeps the
    forward function of a `custom_vjp(..., optimize_remat=True)` under `fwd_jaxpr` once it is
    differentiated (here by jvp), `select_and_scatter` its selection and combining functions under
    `select_jaxpr` and `scatter_jaxpr` (lax has no public wrapper: the JAX-internal one)."""
    from jax._src.lax.windowed_reductions import _select_and_scatter

    fwd = chain(p["fwd_body"])
    remat = jax.custom_vjp(fwd)
    remat.defvjp(lambda t: (fwd(t), t), lambda r, c: (c * r,), optimize_remat=True)
    window, combine = int(p["window"]), chain(p["scatter_body"])

    def target(x):
        y = x
        for _ in range(p["fwd_uses"]):
            y = jax.jvp(remat, (y,), (jnp.ones_like(y),))[1]
        source = y[: x.shape[0] - window + 1]
        return _select_and_scatter(x, lax.ge, (window,), (1,), ((0, 0),), source, jnp.float32(0.0),
                                   lambda a, b: a + combine(b))

    return target, (_vec(p["n"]),)


_BUILDERS: dict[str, Callable[[dict], tuple[Callable, tuple]]] = {
    "shared_jit": _shared_jit, "branches": _branches, "loops": _loops,
    "custom": _custom, "remat": _remat, "deep": _deep, "same_branches": _same_branches,
    "other_kinds": _other_kinds, "scatter": _scatter, "jaxpr_params": _jaxpr_params,
}


def build_targets(params: dict) -> list[tuple[str, Callable, tuple]]:
    """(name, function, args) for every target the parameters name (in TARGET_NAMES order); a pure
    function of the parent's parameters."""
    return [(name, *_BUILDERS[name](params[name])) for name in TARGET_NAMES if name in params]


# --- the call sequence: one student function called many times, judged call by call ----------------
# Each family is one factory, so every function it makes shares one code object; a memo keyed by
# the code object, by id() (an object collected after its last call frees its id for the next), by
# shape without dtype, or by the data's bytes without shape returns a stale histogram on some call.


def _cast_family(ops: list[str]) -> Callable:
    def fn(x):
        return chain(ops)(x.astype(jnp.float32))  # no equation for float32 input, one for any other dtype
    return fn


def _rank_family(ops: list[str]) -> Callable:
    def fn(x):
        y = x.astype(jnp.float32)
        for _ in range(y.ndim):  # the count of each op is the rank: same bytes, other shape, other counts
            y = chain(ops)(y)
        return y
    return fn


def _tree_family(ops: list[str]) -> Callable:
    def fn(tree, scale):
        a, (b, c) = tree["a"], tree["bc"]
        return chain(ops)(a) * (scale // 2 + 1) + b - c  # floor division: other equations for an int
    return fn


_FAMILIES: dict[str, Callable[[list[str]], Callable]] = {
    "cast": _cast_family, "rank": _rank_family, "tree": _tree_family}


def _array(shape: list[int], dtype: str) -> Any:
    """A ramp of `shape` and `dtype`: two arrays of one size and dtype hold the same bytes."""
    size = int(np.prod(shape, dtype=np.int64))
    flat = np.arange(size, dtype=np.float32) / max(size, 1)
    # NumPy arrays throughout (bfloat16 through ml_dtypes): making them compiles nothing
    return flat.astype(jnp.bfloat16 if dtype == "bfloat16" else dtype).reshape(shape)


def call_args(arg: dict) -> tuple:
    """The arguments of one call of the sequence, a pure function of its plain-data spec."""
    if arg["kind"] == "tree":
        x = _array(arg["shape"], "float32")
        scale = int(arg["scale"]) if arg["scale_int"] else float(arg["scale"])
        return ({"a": x, "bc": [x + 1, x * 2]}, scale)
    return (_array(arg["shape"], arg["dtype"]),)


def make_call_function(spec: dict) -> Callable:
    """A fresh function object of the sequence's function `spec` ({"family", "ops"})."""
    return _FAMILIES[spec["family"]](list(spec["ops"]))


def _run_calls(fn: Callable, plan: dict, rec: Recorder) -> None:
    """Call the student's function along the plan: each sequence function is created just before its
    first call and dropped after its last (freed at once: nothing else holds it, and tracing leaves
    no cycle through it), so a later function may reuse its id."""
    steps = plan["steps"]
    last_use = {step["fn"]: i for i, step in enumerate(steps)}
    alive: dict[int, Callable] = {}
    freed: set[int] = set()  # ids of collected sequence functions
    for i, step in enumerate(steps):
        k = step["fn"]
        if k not in alive:
            alive[k] = _new_function(plan["functions"][k], freed)
        _record_call(fn, f"calls.{i}", alive[k], call_args(step["arg"]), rec)
        if last_use[k] == i:
            freed.add(id(alive.pop(k)))  # no other reference: freed at once, its memory reused


def _new_function(spec: dict, freed: set[int]) -> Callable:
    """A function of `spec`; when a collected one's memory is among the next few allocations, the one
    that lands there, so it has the collected function's id (which one is chosen changes nothing
    but its id: every candidate is the same function)."""
    candidates = [make_call_function(spec) for _ in range(64 if freed else 1)]
    return next((c for c in candidates if id(c) in freed), candidates[0])


def _type_name(value: Any) -> str:
    t = type(value)
    if t is dict:
        return "dict"
    if t is collections.Counter:
        return "Counter"
    if t.__module__ == "builtins":
        return t.__qualname__
    return f"{t.__module__}.{t.__qualname__}"


def _entry(key: Any, value: Any) -> dict:
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        plain: int | float | None = int(value)
    elif getattr(value, "ndim", None) == 0 and getattr(getattr(value, "dtype", None), "kind", "") in "iu":
        plain = int(value)  # a 0-d JAX integer array: the count as the public self-check compares it
    elif isinstance(value, (float, np.floating)) and np.isfinite(value):
        plain = float(value)
    else:
        plain = None
    return {"key": str(key) if isinstance(key, str) else None, "key_type": _type_name(key),
            "value": plain, "value_type": _type_name(value)}


def _record_call(fn: Callable, name: str, target: Callable, args: tuple, rec: Recorder) -> None:
    try:
        result = fn(target, *args)
    except Exception as exc:  # the student's code may raise anything; that is an observation
        rec.put_error(f"{name}.type", exc)
        return
    rec.put(f"{name}.type", _type_name(result))
    rec.put(f"{name}.mapping", isinstance(result, collections.abc.Mapping))
    rec.put(f"{name}.truncated", False)

    def read() -> list[dict] | None:
        items_fn = getattr(result, "items", None)
        if not callable(items_fn):
            return None
        out = []
        for i, (k, v) in enumerate(items_fn()):
            if i >= MAX_ENTRIES:
                rec.put(f"{name}.truncated", True)
                break
            out.append(_entry(k, v))
        return out

    rec.observe(f"{name}.entries", read)


def probe(ns: dict, inp: dict, rec: Recorder) -> None:
    fn = ns.get("primitive_histogram")
    rec.put("defined", callable(fn))
    if not callable(fn):
        return
    for name, target, args in build_targets(inp):
        _record_call(fn, name, target, args, rec)
    if "calls" in inp:
        _run_calls(fn, inp["calls"], rec)
