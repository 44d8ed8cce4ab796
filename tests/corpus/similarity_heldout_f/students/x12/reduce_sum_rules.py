def jvp_rule(primals, tangents, *, axis):
    x, = primals
    xd, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(xd, ad.Zero):
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(xd, axis=axis)


def transpose_rule(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(ct, x.aval.shape),)


def batch_rule(vals, dims, *, axis):
    x, = vals
    d, = dims
    x = jnp.moveaxis(x, d, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
