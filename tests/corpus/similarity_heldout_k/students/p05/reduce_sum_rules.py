# 在这里为 custom_reduce_sum_p 注册三条规则:
def 求和jvp(原值们, 切线们, *, axis):
    原值, = 原值们
    切线, = 切线们
    结果 = custom_reduce_sum_p.bind(原值, axis=axis)
    if type(切线) is ad.Zero:
        return 结果, ad.Zero(jax.typeof(结果).to_tangent_aval())
    # 线性:切线也求和
    return 结果, custom_reduce_sum_p.bind(切线, axis=axis)


def 求和转置(余切, 输入, *, axis):
    if type(余切) is ad.Zero:
        return (ad.Zero(输入.aval),)
    # 先补回长度为 1 的轴,再广播到输入形状
    展开 = jnp.expand_dims(余切, axis)
    return (jnp.broadcast_to(展开, 输入.aval.shape),)


def 求和批处理(参数们, 批维们, *, axis):
    值, = 参数们
    批维, = 批维们
    # 把批维度挪到最后,样本的轴号不用改
    值 = jnp.moveaxis(值, 批维, -1)
    结果 = custom_reduce_sum_p.bind(值, axis=axis)
    return 结果, 结果.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = 求和jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和批处理
