# 1. JVP:切线也用本原语求和,零切线单独处理
def jvp_rule(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# 2. 转置:余切先插回被求和的轴,再广播回输入形状
def transpose_rule(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    ct_kept = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct_kept, x.aval.shape),)


# 3. batching:轴号 >= bd 的加 1,输出的批维度前面少了被求和的轴
def batch_rule(args, dims, *, axis):
    x, = args
    bd, = dims
    axes = tuple(a + (a >= bd) for a in axis)
    out_bd = bd - len([a for a in axes if a < bd])
    return custom_reduce_sum_p.bind(x, axis=axes), out_bd


# 4. 注册
ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
