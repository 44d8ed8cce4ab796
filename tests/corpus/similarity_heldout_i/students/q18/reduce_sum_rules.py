# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp规则(primals, tangents, *, axis):
    """求和是线性运算,切向量按同样的轴求和。"""
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, custom_reduce_sum_p.bind(ad.instantiate_zeros(t), axis=axis)


def _转置规则(ct, x, *, axis):
    """把余切向量广播回输入形状。"""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    形状 = x.aval.shape
    # 被求和的轴先变成长度 1
    保持维度 = tuple(1 if i in axis else n for i, n in enumerate(形状))
    return (jnp.broadcast_to(jnp.reshape(ct, 保持维度), 形状),)


def _batch规则(args, dims, *, axis):
    """batch 维不动,求和的轴重新编号。"""
    x, = args
    b, = dims
    新轴 = tuple(a if a < b else a + 1 for a in axis)
    输出维 = b - sum(a < b for a in 新轴)
    return custom_reduce_sum_p.bind(x, axis=新轴), 输出维


ad.primitive_jvps[custom_reduce_sum_p] = _jvp规则
ad.primitive_transposes[custom_reduce_sum_p] = _转置规则
batching.primitive_batchers[custom_reduce_sum_p] = _batch规则
