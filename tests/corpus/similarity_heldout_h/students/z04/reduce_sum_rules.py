# Rules for custom_reduce_sum_p.


def _rs_batch(batched_args, batch_dims, *, axis):
    """Batch axis moved last; the per-example axis numbers stay valid."""
    x, = batched_args
    bd, = batch_dims
    x = jnp.moveaxis(x, bd, -1)
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, y.ndim - 1


def _rs_transpose(ct, x, *, axis):
    """Insert size-1 axes at the summed positions, then broadcast."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    ct = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct, x.aval.shape),)


def _zero_tangent(y):
    return ad.Zero(jax.typeof(y).to_tangent_aval())


def _rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, _zero_tangent(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = _rs_batch
ad.primitive_transposes[custom_reduce_sum_p] = _rs_transpose
ad.primitive_jvps[custom_reduce_sum_p] = _rs_jvp
