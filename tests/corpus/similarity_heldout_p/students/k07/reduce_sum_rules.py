# JVP:求和是线性的,切向量也做同样的求和
def qiuhe_jvp(yuanzhi, qiexiang, *, axis):
    x = yuanzhi[0]
    dx = qiexiang[0]
    jieguo = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return jieguo, ad.Zero.from_primal_value(jieguo)
    return jieguo, custom_reduce_sum_p.bind(dx, axis=axis)


# 转置:把余切向量在被求和的轴上补回来,再广播
def qiuhe_zhuanzhi(yuqie, x, *, axis):
    xingzhuang = x.aval.shape
    if type(yuqie) is ad.Zero:
        return (ad.Zero(x.aval),)
    zhankai = yuqie
    for zhou in axis:  # axis 已经排好序,从小到大插回去
        zhankai = jnp.expand_dims(zhankai, zhou)
    return (jnp.broadcast_to(zhankai, xingzhuang),)


# batching:把 batch 维挪到最后,axis 不用变
def qiuhe_batching(canshu, weidu, *, axis):
    x = canshu[0]
    bd = weidu[0]
    x = jnp.moveaxis(x, bd, -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = qiuhe_jvp
ad.primitive_transposes[custom_reduce_sum_p] = qiuhe_zhuanzhi
batching.primitive_batchers[custom_reduce_sum_p] = qiuhe_batching
