def _reduce_sum_jvp(primals, tangents, *, axis):
    """The JVP of a sum is the sum of the tangent."""
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    t_out = (ad.Zero(jax.typeof(y).to_tangent_aval()) if type(t) is ad.Zero
             else custom_reduce_sum_p.bind(t, axis=axis))
    return y, t_out


def _reduce_sum_transpose(ct, x, *, axis):
    """Each input element receives the cotangent of the sum it went into."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _reduce_sum_batch(args, dims, *, axis):
    """Move the batch axis to the end, where the summed axes do not move."""
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, x.ndim - 1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
