# JVP:对切向量同样求和
def jvp_rule(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# 转置:在求和的轴上补回长度为 1 的维度
def transpose_rule(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.expand_dims(ct, axis),)


def batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
