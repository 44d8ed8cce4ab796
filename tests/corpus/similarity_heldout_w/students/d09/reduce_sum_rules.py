# 练习 1:求和原语的三条规则


def 求和_jvp(原值, 切线, *, axis):
    """求和是线性的,切线也用同一个原语求和。"""
    x, = 原值
    t, = 切线
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        # 符号零切线
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def 求和_转置(余切, x, *, axis):
    """把余切广播回输入的形状。"""
    if type(余切) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 先在被求和的位置插入长度为 1 的轴
    展开 = jnp.expand_dims(余切, axis)
    return (jnp.broadcast_to(展开, x.aval.shape),)


def 求和_批处理(参数, 批维, *, axis):
    """批维度挪到第 0 维,样本的轴号都加 1。"""
    x = jnp.moveaxis(参数[0], 批维[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = 求和_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和_转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和_批处理
