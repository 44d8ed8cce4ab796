def jvp_rule(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(*primals, axis=axis)
    match tangents:
        case (ad.Zero(),):
            return y, ad.Zero(jax.typeof(y).to_tangent_aval())
        case (t,):
            return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def batch_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    if (last := x.ndim - 1) != bd:
        x = jnp.moveaxis(x, bd, last)
    return custom_reduce_sum_p.bind(x, axis=axis), last - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
