def _sum_jvp(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    axis = tuple(int(a) for a in axis)
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _sum_transpose(ct, x, *, axis):
    shape = tuple(int(n) for n in x.aval.shape)
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = [int(n) for n in shape]
    for a in axis:
        keep[int(a)] = 1
    return (jnp.broadcast_to(jnp.reshape(ct, tuple(keep)), shape),)


def _sum_batch(args, dims, *, axis):
    x = args[0]
    bd = int(dims[0])
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(int(a) + 1 for a in axis)), int(0)


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
