# JVP:求和是线性的,切向量同样求和
def reduce_sum_jvp(primals, tangents, *, axis):
    (x,), (dx,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


# 转置:把余切量在被求和的轴上补回来,再广播成 x 的形状
def reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = [1 if i in axis else n for i, n in enumerate(x.aval.shape)]
    return (jnp.broadcast_to(jnp.reshape(ct, keep), x.aval.shape),)


# batching:批维度挪到第 0 维,原来的轴号都加 1
def reduce_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    perm = [bd] + [i for i in range(x.ndim) if i != bd]
    x = jnp.transpose(x, perm)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
