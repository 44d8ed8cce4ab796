def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if not isinstance(t, ad.Zero):
        return y, custom_reduce_sum_p.bind(t, axis=axis)
    return y, ad.Zero(jax.typeof(y).to_tangent_aval())


def _transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)  # batch axis first
    return custom_reduce_sum_p.bind(jnp.transpose(x, perm), axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
