# 在这里为 custom_reduce_sum_p 注册三条规则:
def jvp_rule(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 符号零切线:直接返回零
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def transpose_rule(ct, x, *, axis):
    # 把余切在被求和的轴上广播回去
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    # 批维度不动;>= bd 的轴号加 1
    new_axis = []
    out_bd = bd
    for a in axis:
        if a >= bd:
            new_axis.append(a + 1)
        else:
            new_axis.append(a)
            out_bd -= 1  # 批维度前面少了一个轴
    return custom_reduce_sum_p.bind(x, axis=tuple(new_axis)), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
