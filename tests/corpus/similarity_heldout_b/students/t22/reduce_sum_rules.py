def _crs_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # symbolic zero tangent
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _crs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # re-insert the summed axes, then broadcast
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _crs_batch(batched_args, batch_dims, *, axis):
    (x,), (bd,) = batched_args, batch_dims
    # move the batch axis to the front, shift every axis by one
    x = jnp.moveaxis(x, bd, 0)
    shifted = []
    for a in axis:
        shifted.append(a + 1)
    shifted = tuple(shifted)
    return custom_reduce_sum_p.bind(x, axis=shifted), 0


ad.primitive_jvps[custom_reduce_sum_p] = _crs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _crs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _crs_batch
