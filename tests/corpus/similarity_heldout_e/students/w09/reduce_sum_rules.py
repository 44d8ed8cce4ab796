# JVP:和是线性的
def _jvp(primals, tangents, *, axis):
    x, = primals
    g, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    g = ad.instantiate_zeros(g)
    return y, custom_reduce_sum_p.bind(g, axis=axis)


# 转置:用 lax.broadcast_in_dim,保留下来的轴映射到输入里的位置
def _transpose(ct, x, *, axis):
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    kept = tuple(i for i in range(len(shape)) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, shape, kept),)


# 批处理:批维度移到最前
def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
