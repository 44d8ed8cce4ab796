# JVP
def jvp_sum(primals, tangents, *, axis):
    x, = primals
    dx, = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return out, ad.Zero(jax.typeof(out).to_tangent_aval())
    return out, custom_reduce_sum_p.bind(dx, axis=axis)


# 转置:reshape 成 keepdims 的形状再广播
def transpose_sum(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keep = [1 if i in axis else n for i, n in enumerate(shape)]
    return (jnp.broadcast_to(ct.reshape(keep), shape),)


# batching
def batch_sum(args, dims, *, axis):
    x, = args
    bd, = dims
    xt = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(xt, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp_sum
ad.primitive_transposes[custom_reduce_sum_p] = transpose_sum
batching.primitive_batchers[custom_reduce_sum_p] = batch_sum
