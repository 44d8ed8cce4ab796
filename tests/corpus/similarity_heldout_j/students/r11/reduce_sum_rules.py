# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def 线性jvp(primals, tangents, *, axis):
    """求和是线性的:切线同样用本原语求和。"""
    原值, = primals
    切线, = tangents
    输出 = custom_reduce_sum_p.bind(原值, axis=axis)
    if isinstance(切线, ad.Zero):
        return 输出, ad.Zero(jax.typeof(输出).to_tangent_aval())
    return 输出, custom_reduce_sum_p.bind(切线, axis=axis)


def 广播转置(余切, 输入, *, axis):
    """余切广播回输入形状。"""
    if isinstance(余切, ad.Zero):
        return (ad.Zero(输入.aval),)
    形状 = 输入.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(余切, axis), 形状),)


def 批处理(值, 维, *, axis):
    """批维度换到最后;单样本的轴号不变。"""
    x = jnp.moveaxis(值[0], 维[0], x_last := 值[0].ndim - 1)
    return custom_reduce_sum_p.bind(x, axis=axis), x_last - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = 线性jvp
ad.primitive_transposes[custom_reduce_sum_p] = 广播转置
batching.primitive_batchers[custom_reduce_sum_p] = 批处理
