# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
# JVP:求和是线性的,切线也用本原语求和
def jvp_guize(zhuzhi, qiexian, *, axis):
    x, = zhuzhi
    t, = qiexian
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        # 零切线直接返回符号零
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# 转置:在被求和的位置插入长度 1 的轴,再广播回输入形状
def zhuanzhi_guize(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    xingzhuang = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), xingzhuang),)


# batching:凡是 >= bd 的轴号加 1,输出的批维度前面少了被求和掉的轴
def pici_guize(canshu, weidu, *, axis):
    x, = canshu
    bd, = weidu
    xin_zhou = []
    for a in axis:
        xin_zhou.append(a + 1 if a >= bd else a)
    shuchu_wei = bd - len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=tuple(xin_zhou)), shuchu_wei


ad.primitive_jvps[custom_reduce_sum_p] = jvp_guize
ad.primitive_transposes[custom_reduce_sum_p] = zhuanzhi_guize
batching.primitive_batchers[custom_reduce_sum_p] = pici_guize
