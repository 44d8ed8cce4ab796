def jvp(pr, tg, *, axis):
    x, = pr
    t, = tg
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    sh = x.aval.shape
    ks = tuple(1 if i in axis else n for i, n in enumerate(sh))
    return (jnp.broadcast_to(ct.reshape(ks), sh),)


def batch(xs, bs, *, axis):
    x, = xs
    b, = bs
    x = jnp.moveaxis(x, b, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
