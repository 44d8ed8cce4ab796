"""Child-side probe of exercise `fusion` (chapter 2, exercise 3: `fusion_report(f, *args)`).

The probe builds the cases from the parameters the parent drew (`build_cases(params)`: an
element-wise chain, the same chain repeated, the chain cut by `lax.optimization_barrier`, a
softmax, a two-input function, a bfloat16 input, the chain on a larger array, a loop whose body is
a chain, the two-input function on two arrays of one shape and different dtypes, a lax.cond whose
branches are chains, and calls a memo of the report answers wrongly: `_call_cases`), calls the
student's `fusion_report(f, *args)` on each and records what came back. It never compiles
anything for comparison; the parent imports `build_cases` (trusted code) and measures itself.

Observation keys (all JSON; `<c>` is a case name from CASE_NAMES):
  defined          bool. Whether the namespace defines a callable `fusion_report`. Always written.
  <c>.result_type  str. Exact type of the returned value: the bare name for builtins ("tuple",
                   "list", "int"), otherwise "<module>.<qualname>". Written as an error entry when
                   the student's call raised. Missing when `defined` is false.
  <c>.is_tuple     bool. isinstance(result, tuple) (True for a NamedTuple). Missing when
                   `<c>.result_type` is an error or `defined` is false.
  <c>.count_is_int bool. The result is a pair whose result[0] is an int (int subclasses included,
                   bools excluded), as the public self-check asks. Missing like `<c>.is_tuple`.
  <c>.length       int | null. len() of the result when it is a tuple (subclasses included) or
                   list, else null. Missing
                   when `<c>.result_type` is an error or `defined` is false (as are the keys below).
  <c>.count_type   str | null. Exact type name of result[0] (null when the result is not a tuple or
                   list of length 2).
  <c>.count        int | float | null. result[0] converted to plain data: int for ints and numpy
                   integers (bools excluded), float for other finite real numbers and 0-d numeric
                   arrays, else null. Unit:
                   fusion instructions.
  <c>.bytes_type   str | null. Exact type name of result[1] (null as for count_type).
  <c>.bytes        int | float | null. result[1] converted like `count`. Unit: bytes.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..observe import Recorder
from ..wire import FUSION_UNARY_OPS

CASE_NAMES: tuple[str, ...] = (
    "chain", "chain_long", "barrier", "softmax", "two_inputs", "bf16", "chain_big", "loop", "mixed_dtypes",
    "cond_branches", "same_shape_bf16", "sum_flat", "sum_rows", "sum_twin", "pytree")

# Element-wise steps (name -> array -> array of the same shape and dtype).
UNARY_OPS: dict[str, Callable[[Any], Any]] = {
    "tanh": jnp.tanh,
    "sin": jnp.sin,
    "cos": jnp.cos,
    "exp_neg": lambda t: jnp.exp(-t),
    "scale": lambda t: t * 3.0,
    "shift": lambda t: t + 1.0,
    "square": lambda t: t * t,
    "sigmoid": jax.nn.sigmoid,
    "abs": jnp.abs,
    "softsign": lambda t: t / (1.0 + jnp.abs(t)),
}
if tuple(sorted(UNARY_OPS)) != FUSION_UNARY_OPS:  # the parent draws chains from the wire's names
    raise ImportError("UNARY_OPS and wire.FUSION_UNARY_OPS name different ops")


def chain(ops: list[str]) -> Callable[[Any], Any]:
    fns = [UNARY_OPS[name] for name in ops]

    def run(t):
        for fn in fns:
            t = fn(t)
        return t

    return run


def _array(shape: list[int], dtype: Any = np.float32) -> np.ndarray:
    n = int(np.prod(shape))
    return np.linspace(-2.0, 2.0, n, dtype=np.float32).reshape(shape).astype(dtype)


def build_cases(params: dict) -> list[tuple[str, Callable, tuple]]:
    """(name, function, args) for every case; a pure function of the parent's parameters."""
    rows, cols = params["rows"], params["cols"]
    ops, cut = params["chain"], params["barrier_at"]
    head, tail = chain(ops[:cut]), chain(ops[cut:])
    body = chain(ops)
    axis = params["softmax_axis"]
    mix = chain(params["two_inputs_chain"])
    x = _array([rows, cols])

    def chain_fn(t):
        return body(t)

    def chain_long_fn(t):
        return chain(ops * 2 + params["long_extra"])(t)

    def barrier_fn(t):
        return tail(lax.optimization_barrier(head(t)))

    def softmax_fn(t):
        return jax.nn.softmax(t, axis=axis)

    def two_inputs_fn(a, b):
        return mix(a) * b + a

    b_shape = [cols] if params["two_inputs_broadcast"] else [rows, cols]
    variant = []
    if "loop" in params:  # the classes of the student's variant (drawn from the structure seed)
        loop = params["loop"]
        step = chain(loop["body"])

        def loop_fn(t):  # the fusions sit in the while body, none in the entry computation
            return lax.fori_loop(0, loop["trips"], lambda i, c: step(c), t)

        vx = _array(loop["shape"])
        variant = [("loop", loop_fn, (vx,)),
                   ("mixed_dtypes", two_inputs_fn, (vx, _array(loop["shape"], jnp.bfloat16)))]
    if "cond" in params:
        cond = params["cond"]
        on_true, on_false = chain(cond["true_body"]), chain(cond["false_body"])

        def cond_fn(t):  # each branch is a computation of its own holding its fusions
            return lax.cond(t.sum() > cond["threshold"], on_true, on_false, t)

        variant.append(("cond_branches", cond_fn, (_array(cond["shape"]),)))
    if "calls" in params:
        variant += _call_cases(params["calls"], chain_fn, x)
    return [
        ("chain", chain_fn, (x,)),
        ("chain_long", chain_long_fn, (x,)),
        ("barrier", barrier_fn, (x,)),
        ("softmax", softmax_fn, (x,)),
        ("two_inputs", two_inputs_fn, (x, _array(b_shape) * 0.5)),
        ("bf16", chain_fn, (_array(params["bf16_shape"], jnp.bfloat16),)),
        ("chain_big", chain_fn, (_array([rows * params["big_factor"], cols]),)),
        *variant,
    ]


def _summer(ops: list[str], axis: int | None) -> Callable:
    def fn(t):
        return chain(ops)(t).sum(axis=axis)

    return fn


def _tree_fn(ops: list[str]) -> Callable:
    def fn(tree, scale):
        return chain(ops)(tree["a"]) * scale + tree["bc"][0] - tree["bc"][1]

    return fn


def _call_cases(p: dict, chain_fn: Callable, x: np.ndarray) -> list[tuple[str, Callable, tuple]]:
    """Calls a memo of the report answers wrongly, each after the call it collides with: the chain's
    function on the chain's shape in bfloat16 (a memo keyed by function and shape); one function on a
    ramp flattened, then on the same bytes as (rows, cols) (keyed by the data's bytes); another closure
    of that function's code on the same arguments (keyed by the code object); a pytree and a Python
    float scalar (arguments turned into arrays raise)."""
    flat_sum, twin = _summer(p["sum_body"], -1), _summer(p["sum_body"], None)
    y = _array(p["sum_shape"])
    tree = {"a": y, "bc": [y * 0.5, y + 1.0]}
    return [("same_shape_bf16", chain_fn, (x.astype(jnp.bfloat16),)),
            ("sum_flat", flat_sum, (y.reshape(-1),)),
            ("sum_rows", flat_sum, (y,)),
            ("sum_twin", twin, (y,)),
            ("pytree", _tree_fn(p["tree_body"]), (tree, float(p["scale"])))]


def _type_name(value: Any) -> str:
    t = type(value)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def _plain_number(value: Any) -> int | float | None:
    try:
        if isinstance(value, bool | np.bool_):
            return None
        if isinstance(value, int | np.integer):
            return int(value)
        if isinstance(value, numbers.Real | np.floating):
            f = float(value)
            return f if math.isfinite(f) else None
        if getattr(value, "ndim", None) == 0 and getattr(getattr(value, "dtype", None), "kind", "") in "iuf":
            f = float(value)  # a 0-d JAX array (e.g. the bytes from a jnp computation)
            return f if math.isfinite(f) else None
    except Exception:  # a student's number-like class may raise anything
        return None
    return None


def probe(ns: dict, inp: dict, rec: Recorder) -> None:
    fn = ns.get("fusion_report")
    rec.put("defined", callable(fn))
    if not callable(fn):
        return
    for name, f, args in build_cases(inp):
        try:
            result = fn(f, *args)
        except Exception as exc:  # the student's code may raise anything; that is an observation
            rec.put_error(f"{name}.result_type", exc)
            continue
        rec.put(f"{name}.result_type", _type_name(result))
        # a NamedTuple is a tuple: the public self-check accepts it (isinstance), and so do the checks
        sequence = isinstance(result, tuple) or type(result) is list
        rec.put(f"{name}.is_tuple", isinstance(result, tuple))
        pair = sequence and len(result) == 2
        rec.put(f"{name}.length", len(result) if sequence else None)
        rec.put(f"{name}.count_type", _type_name(result[0]) if pair else None)
        rec.put(f"{name}.count_is_int",
                pair and isinstance(result[0], int) and not isinstance(result[0], bool))
        rec.put(f"{name}.count", _plain_number(result[0]) if pair else None)
        rec.put(f"{name}.bytes_type", _type_name(result[1]) if pair else None)
        rec.put(f"{name}.bytes", _plain_number(result[1]) if pair else None)
