# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
# 1. JVP 规则
def qiuhe_jvp(primals, tangents, *, axis):
    x, = primals
    dx, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(dx) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(dx, axis=axis)


# 2. 转置规则
def qiuhe_zhuanzhi(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    keep = [i for i in range(x.aval.ndim) if i not in axis]
    return (jax.lax.broadcast_in_dim(ct, x.aval.shape, keep),)


# 3. batching 规则
def qiuhe_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jax.lax.transpose(x, (bd,) + tuple(i for i in range(x.ndim) if i != bd))
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = qiuhe_jvp
ad.primitive_transposes[custom_reduce_sum_p] = qiuhe_zhuanzhi
batching.primitive_batchers[custom_reduce_sum_p] = qiuhe_batch
