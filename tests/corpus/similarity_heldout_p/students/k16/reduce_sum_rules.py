def rsum_jvp(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    res = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return res, ad.Zero(jax.typeof(res).to_tangent_aval())
    tmp = custom_reduce_sum_p.bind(t, axis=axis)
    return res, tmp


def rsum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shp = x.aval.shape
    tmp = [1] * len(shp)
    for i in range(len(shp)):
        if i not in axis:
            tmp[i] = shp[i]
    res = jnp.reshape(ct, tmp)
    res = jnp.broadcast_to(res, shp)
    return (res,)


def rsum_batch(args, dims, *, axis):
    x = args[0]
    bd = dims[0]
    tmp = []
    for a in axis:
        if a >= bd:
            tmp.append(a + 1)
        else:
            tmp.append(a)
    res = custom_reduce_sum_p.bind(x, axis=tuple(tmp))
    n = 0
    for a in axis:
        if a < bd:
            n = n + 1
    return res, bd - n


ad.primitive_jvps[custom_reduce_sum_p] = rsum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rsum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rsum_batch
