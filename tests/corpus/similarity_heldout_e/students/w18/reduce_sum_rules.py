def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    t = ad.instantiate_zeros(t)
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    # the cotangent comes back with the reduced axes removed
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    # a transpose that puts the batch axis first
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    x = jnp.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
