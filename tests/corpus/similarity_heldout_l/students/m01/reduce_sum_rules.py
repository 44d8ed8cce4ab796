# 在这里为 custom_reduce_sum_p 注册三条规则:
def sum_batch(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    """Batching: move the batch dimension to 0, shift every summed axis by one."""
    (x,), (bd,) = batched_args, batch_dims
    moved = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0


def sum_transpose(ct, x, *, axis: tuple[int, ...]) -> tuple:
    """Transpose: broadcast the cotangent back to x's shape."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    target_shape: tuple[int, ...] = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), target_shape),)


def sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    """JVP: the tangent is reduced over the same axes."""
    (x,), (x_dot,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(x_dot, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
