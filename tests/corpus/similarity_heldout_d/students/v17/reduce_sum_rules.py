def jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def batch(args, dims, *, axis):
    x, = args
    bd, = dims
    y = jnp.transpose(x, (bd, *[i for i in range(x.ndim) if i != bd]))
    ax = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(y, axis=ax), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
