def reduce_sum_jvp(primals, tangents, *, axis):
    """Sum is linear: the tangent is summed by the same primitive."""
    (x,) = primals
    (x_dot,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        y_dot = ad.Zero(jax.typeof(y).to_tangent_aval())
    else:
        y_dot = custom_reduce_sum_p.bind(x_dot, axis=axis)
    return y, y_dot


def reduce_sum_transpose(cotangent, x, *, axis):
    """Broadcast the cotangent back to the input's shape (keepdims reshape, then broadcast)."""
    if type(cotangent) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keepdims_shape = tuple(1 if i in axis else n for i, n in enumerate(shape))
    return (jnp.broadcast_to(jnp.reshape(cotangent, keepdims_shape), shape),)


def reduce_sum_batch(batched_args, batch_dims, *, axis):
    """Move the batch axis to the end; the per-example axes stay where they are."""
    (x,) = batched_args
    (bd,) = batch_dims
    x = jnp.moveaxis(x, bd, -1)
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, y.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
