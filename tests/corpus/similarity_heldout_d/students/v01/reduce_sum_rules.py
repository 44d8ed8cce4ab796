# JVP:求和是线性的,切向量也求和
def rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


# 转置:把余切向量在被求和的轴上广播回输入形状
def rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


# batching:把 batch 轴移到最前,被求和的轴号都加 1
def rs_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = rs_batch
