# 在这里为 custom_reduce_sum_p 注册三条规则:
def _expand_back(ct, axis, shape):
    # 在被求和的位置插入长度为 1 的轴,再广播回输入形状
    return jnp.broadcast_to(jnp.expand_dims(ct, axis), shape)


def _shift_axes(axis, bd):
    # 单个样本的轴号 -> 整批数组的轴号(批维度挪到第 0 维之后全部加 1)
    return tuple(a + 1 for a in axis)


def rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (_expand_back(ct, axis, x.aval.shape),)


def rs_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    x0 = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x0, axis=_shift_axes(axis, bd)), 0


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rs_batch
