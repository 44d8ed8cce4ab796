# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 符号零切向量直接传下去
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 被求和的轴补成 1,再广播回去
    形状 = x.aval.shape
    return (jnp.broadcast_to(ct.reshape([1 if i in axis else n for i, n in enumerate(形状)]), 形状),)


def _batch(args, dims, *, axis):
    (x,), (b,) = args, dims
    # batch 维移到最后,求和的轴编号不变
    x = jnp.moveaxis(x, b, -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
