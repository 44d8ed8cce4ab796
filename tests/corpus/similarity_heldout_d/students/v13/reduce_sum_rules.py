# ad.Zero 需要单独处理
def rsum_jvp(primals: tuple, tangents: tuple, *, axis: tuple):
    (x,), (tx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(tx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(tx, axis=axis)


def rsum_transpose(ct, x, *, axis: tuple):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def rsum_batch(args: tuple, dims: tuple, *, axis: tuple):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = rsum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rsum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rsum_batch
