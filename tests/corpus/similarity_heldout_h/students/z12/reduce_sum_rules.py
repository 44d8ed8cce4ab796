# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def 切线规则(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        # 零切线的输出
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def 转置规则(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 逐个插入长度为 1 的轴
    新形状 = list(x.aval.shape)
    for a in axis:
        新形状[a] = 1
    return (jnp.broadcast_to(ct.reshape(新形状), x.aval.shape),)


def 批处理规则(batched_args, batch_dims, *, axis):
    x, = batched_args
    bd, = batch_dims
    新轴 = []
    for a in axis:
        if a >= bd:
            新轴.append(a + 1)
        else:
            新轴.append(a)
    # 输出里批维度前面少了几个被求和的轴
    少了 = 0
    for a in axis:
        if a < bd:
            少了 += 1
    return custom_reduce_sum_p.bind(x, axis=tuple(新轴)), bd - 少了


ad.primitive_jvps[custom_reduce_sum_p] = 切线规则
ad.primitive_transposes[custom_reduce_sum_p] = 转置规则
batching.primitive_batchers[custom_reduce_sum_p] = 批处理规则
