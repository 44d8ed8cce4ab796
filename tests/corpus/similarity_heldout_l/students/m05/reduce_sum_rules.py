# 在这里为 custom_reduce_sum_p 注册三条规则:
def 求和jvp(原值, 切线, *, axis):
    x, = 原值
    dx, = 切线
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


def 求和转置(余切, x, *, axis):
    if type(余切) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 余切广播回输入的形状
    return (jnp.broadcast_to(余切, x.aval.shape),)


def 求和批处理(参数, 批维, *, axis):
    x, = 参数
    bd, = 批维
    x = jnp.moveaxis(x, bd, 0)
    新轴 = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=新轴), 0


ad.primitive_jvps[custom_reduce_sum_p] = 求和jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和批处理
