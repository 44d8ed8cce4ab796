# 在这里为 custom_reduce_sum_p 注册三条规则:
def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 零切线要单独处理
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 加上一个同形状的全零数组来完成广播
    return (jnp.zeros(x.aval.shape, ct.dtype) + jnp.expand_dims(ct, axis),)


def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # 批维度挪到第 0 维
    x0 = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x0, axis=tuple(1 + a for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
