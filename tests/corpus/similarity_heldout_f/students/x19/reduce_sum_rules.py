# 求和是线性的:JVP 对切线再求和,转置把余切广播回去,batching 把批维度挪到最前面
def 求和_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:  # 符号零
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def 求和_转置(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    形状 = x.aval.shape
    保持维度 = tuple(1 if i in axis else n for i, n in enumerate(形状))
    return (jnp.broadcast_to(jnp.reshape(ct, 保持维度), 形状),)


def 求和_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    if bd != 0:
        x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = 求和_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和_转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和_batch
