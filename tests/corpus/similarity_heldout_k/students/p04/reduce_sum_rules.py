# 在这里为 custom_reduce_sum_p 注册三条规则:
def _sum_jvp(primals, tangents, *, axis):
    """Sum is linear: the tangent is summed over the same axes (a symbolic zero stays zero)."""
    (x,), (x_dot,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(x_dot, axis=axis)


def _sum_transpose(ct, x, *, axis):
    """Broadcast the cotangent back over the summed axes."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    kept = tuple(i for i in range(len(shape)) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, shape, kept),)


def _sum_batch(batched_args, batch_dims, *, axis):
    """Move the batch dimension to the front and shift every summed axis by one."""
    (x,), (bd,) = batched_args, batch_dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
