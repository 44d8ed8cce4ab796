# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
# 第一步:JVP,求和是线性的
def 规则_jvp(primals, tangents, *, axis):
    (x,) = primals
    (dx,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


# 第二步:转置,把 ct 在求和轴上补 1 维再广播
def 规则_转置(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    新形状 = list(x.aval.shape)
    for a in axis:
        新形状[a] = 1
    return (jnp.broadcast_to(ct.reshape(新形状), x.aval.shape),)


# 第三步:batching,batch 轴移到最前,求和轴加一
def 规则_batch(args, dims, *, axis):
    (x,) = args
    (bd,) = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


# 第四步:注册
ad.primitive_jvps[custom_reduce_sum_p] = 规则_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 规则_转置
batching.primitive_batchers[custom_reduce_sum_p] = 规则_batch
