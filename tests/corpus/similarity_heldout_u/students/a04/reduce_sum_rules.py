from typing import Any, Sequence


def reduce_sum_jvp(primals: Sequence[Any], tangents: Sequence[Any], *, axis: tuple[int, ...]) -> tuple[Any, Any]:
    """JVP: the tangent is summed over the same axes."""
    (x,), (dx,) = primals, tangents
    y: Any = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(dx, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def reduce_sum_transpose(ct: Any, x: Any, *, axis: tuple[int, ...]) -> tuple[Any]:
    """Transpose: reshape the cotangent with length-1 summed axes, then broadcast."""
    shape: tuple[int, ...] = x.aval.shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    keepdims: list[int] = [1 if i in axis else n for i, n in enumerate(shape)]
    return (jnp.broadcast_to(jnp.reshape(ct, keepdims), shape),)


def reduce_sum_batch(args: Sequence[Any], dims: Sequence[int], *, axis: tuple[int, ...]) -> tuple[Any, int]:
    """Batching: move the batch axis to the front and shift every summed axis by one."""
    x: Any = jnp.moveaxis(args[0], dims[0], 0)
    shifted: tuple[int, ...] = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=shifted), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
