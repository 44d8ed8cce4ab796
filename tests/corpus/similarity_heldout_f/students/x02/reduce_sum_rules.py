# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def jvp(pr, tg, *, axis):
    x, = pr
    t, = tg
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:  # 符号零切线
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    sh = x.aval.shape
    # 求和的轴变成长度 1,再广播回原形状
    ks = tuple(1 if i in axis else n for i, n in enumerate(sh))
    return (jnp.broadcast_to(ct.reshape(ks), sh),)


def batch(a, d, *, axis):
    # 批维度挪到 0,轴号全部加 1
    x = jnp.moveaxis(a[0], d[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = transpose
batching.primitive_batchers[custom_reduce_sum_p] = batch
