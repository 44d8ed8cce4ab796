def jvp_sum(primals, tangents, *, axis):
    assert len(primals) == 1 and len(tangents) == 1
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_sum(ct, x, *, axis):
    assert ad.is_undefined_primal(x), "only x is linear"
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    expanded = jnp.expand_dims(ct, axis)
    assert expanded.ndim == len(shape)
    return (jnp.broadcast_to(expanded, shape),)


def batch_sum(args, dims, *, axis):
    assert len(args) == 1
    x, bd = args[0], dims[0]
    x = jnp.moveaxis(x, bd, x.ndim - 1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = jvp_sum
ad.primitive_transposes[custom_reduce_sum_p] = transpose_sum
batching.primitive_batchers[custom_reduce_sum_p] = batch_sum
