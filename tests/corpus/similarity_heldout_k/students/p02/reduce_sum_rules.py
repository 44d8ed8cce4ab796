# 在这里为 custom_reduce_sum_p 注册三条规则:
def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 零切线单独处理
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 在求和的位置插回长度 1 的轴,再广播
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # 批维度不动,>= bd 的轴号加 1
    new_axis = tuple(a + (a >= bd) for a in axis)
    out_bd = bd - sum(1 for a in axis if a < bd)
    return custom_reduce_sum_p.bind(x, axis=new_axis), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
