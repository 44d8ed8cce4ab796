def jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)  # 原值
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)  # 零切向量
    return y, custom_reduce_sum_p.bind(t, axis=axis)  # 线性


def transpose(g, x, *, axis):
    if type(g) is ad.Zero:
        return (ad.Zero(x.aval),)
    g = jnp.reshape(g, [1 if i in axis else n for i, n in enumerate(x.aval.shape)])  # 补回长度 1 的轴
    return (jnp.broadcast_to(g, x.aval.shape),)


def batch(args, dims, *, axis):
    x, = args
    d, = dims
    x = jnp.moveaxis(x, d, 0)  # batch 轴放最前
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
