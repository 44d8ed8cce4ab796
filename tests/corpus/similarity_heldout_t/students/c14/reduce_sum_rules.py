def _crs_batch(batched_args, batch_dims, *, axis):
    x, bd = batched_args[0], batch_dims[0]
    x = x.transpose(perm := [bd, *[i for i in range(x.ndim) if i != bd]])
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


def _crs_transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    ones = tuple(1 if i in axis else n for i, n in enumerate(shape))
    return (jnp.broadcast_to(ct.reshape(ones), shape),)


def _crs_jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    if type(dt := tangents[0]) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dt, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = _crs_batch
ad.primitive_transposes[custom_reduce_sum_p] = _crs_transpose
ad.primitive_jvps[custom_reduce_sum_p] = _crs_jvp
