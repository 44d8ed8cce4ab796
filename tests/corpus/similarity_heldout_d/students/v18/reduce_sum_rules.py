def j(primals, tangents, *, axis):
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    t = ad.instantiate_zeros(t)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def tr(ct, x, *, axis):
    ct = ad.instantiate_zeros(ct)
    s = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), s),)


def b(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = j
ad.primitive_transposes[custom_reduce_sum_p] = tr
batching.primitive_batchers[custom_reduce_sum_p] = b
