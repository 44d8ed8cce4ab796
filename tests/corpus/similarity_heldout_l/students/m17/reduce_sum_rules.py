# 在这里为 custom_reduce_sum_p 注册三条规则:
# 一、JVP
def 规则_jvp(primals, tangents, *, axis):
    x, = primals
    dx, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


# 二、转置:先 expand_dims 再 broadcast_to
def 规则_转置(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    ct = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct, x.aval.shape),)


# 三、batching:批维度挪到最后一维,求和的轴号不用变
def 规则_批(batched_args, batch_dims, *, axis):
    x, = batched_args
    bd, = batch_dims
    x = jnp.moveaxis(x, bd, x.ndim - 1)
    剩下的维数 = x.ndim - len(axis)
    return custom_reduce_sum_p.bind(x, axis=axis), 剩下的维数 - 1


ad.primitive_jvps[custom_reduce_sum_p] = 规则_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 规则_转置
batching.primitive_batchers[custom_reduce_sum_p] = 规则_批
