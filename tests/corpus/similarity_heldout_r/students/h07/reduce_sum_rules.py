# JVP 规则
def jvp_guize(zhuzhi, qiexiang, *, axis):
    shuchu = custom_reduce_sum_p.bind(zhuzhi[0], axis=axis)
    if isinstance(qiexiang[0], ad.Zero):
        return shuchu, ad.Zero(jax.typeof(shuchu).to_tangent_aval())
    return shuchu, custom_reduce_sum_p.bind(qiexiang[0], axis=axis)


# 转置规则:reshape 成保留维度的形状,再广播
def zhuanzhi_guize(yuqie, x, *, axis):
    xingzhuang = x.aval.shape
    if isinstance(yuqie, ad.Zero):
        return (ad.Zero(x.aval),)
    yuqie_it = iter(yuqie.shape)
    baoliu = [1 if i in axis else next(yuqie_it) for i in range(len(xingzhuang))]
    return (jnp.broadcast_to(yuqie.reshape(baoliu), xingzhuang),)


# batching 规则
def piliang_guize(canshu, weidu, *, axis):
    x = jnp.moveaxis(canshu[0], weidu[0], 0)
    xin_axis = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(x, axis=xin_axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_guize
ad.primitive_transposes[custom_reduce_sum_p] = zhuanzhi_guize
batching.primitive_batchers[custom_reduce_sum_p] = piliang_guize
