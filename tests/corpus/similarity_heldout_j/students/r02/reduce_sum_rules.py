# 三条规则:JVP、转置、batching
def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:  # 符号零
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _tr(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 在被求和的位置插入长度 1 的轴,再广播回去
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _bat(args, dims, *, axis):
    x, = args
    b, = dims
    x = jnp.moveaxis(x, b, 0)  # 批维度挪到最前面
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _tr
batching.primitive_batchers[custom_reduce_sum_p] = _bat
