# JVP 规则:求和是线性的
def qiuhe_jvp(yuanshi, qiexiang, *, axis):
    x, = yuanshi
    dx, = qiexiang
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(dx, axis=axis)


# 转置规则:把求和掉的维度加回来再广播
def qiuhe_zhuanzhi(ct, x, *, axis):
    xingzhuang = x.aval.shape
    xin_xingzhuang = [1 if i in axis else d for i, d in enumerate(xingzhuang)]
    return (jnp.broadcast_to(jnp.reshape(ct, xin_xingzhuang), xingzhuang),)


# batching 规则:把批量维移到最后
def qiuhe_piliang(canshu, weidu, *, axis):
    x, = canshu
    bd, = weidu
    x = jnp.moveaxis(x, bd, -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = qiuhe_jvp
ad.primitive_transposes[custom_reduce_sum_p] = qiuhe_zhuanzhi
batching.primitive_batchers[custom_reduce_sum_p] = qiuhe_piliang
