def jvp_sum(primals, tangents, *, axis):
    # forward value, then the tangent summed the same way
    res = custom_reduce_sum_p.bind(primals[0], axis=axis)
    tan = tangents[0]
    if type(tan) is ad.Zero:
        tan_out = ad.Zero(jax.typeof(res).to_tangent_aval())
    else:
        tan_out = custom_reduce_sum_p.bind(tan, axis=axis)
    return res, tan_out


def t_sum(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return [ad.Zero(x.aval)]
    shape = x.aval.shape
    # summed axes become size 1, then broadcast back
    kshape = [1 if i in axis else n for i, n in enumerate(shape)]
    return [jnp.broadcast_to(jnp.reshape(ct, kshape), shape)]


def vmap_sum(xs, bds, *, axis):
    (x,), (bd,) = xs, bds
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_sum
ad.primitive_transposes[custom_reduce_sum_p] = t_sum
batching.primitive_batchers[custom_reduce_sum_p] = vmap_sum
