# 求和的 JVP / 转置 / batching
def jvp_rs(primals, tangents, *, axis):
    x, = primals
    dx, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def transpose_rs(g, x, *, axis):
    if type(g) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(g, axis), x.aval.shape),)


def batch_rs(args, dims, *, axis):
    x, = args
    b, = dims
    x = jnp.moveaxis(x, b, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rs
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rs
batching.primitive_batchers[custom_reduce_sum_p] = batch_rs
