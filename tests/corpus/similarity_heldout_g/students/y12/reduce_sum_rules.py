# 三条规则:JVP、转置、batching


def _reduce_sum_jvp(primals, tangents, *, axis):
    x = primals[0]
    t = tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 零切线
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 先算出 keepdims 的形状,reshape 之后再广播
    shape = x.aval.shape
    keep_shape = []
    for i in range(len(shape)):
        if i in axis:
            keep_shape.append(1)
        else:
            keep_shape.append(shape[i])
    return (jnp.broadcast_to(ct.reshape(keep_shape), shape),)


def _reduce_sum_batch(args, dims, *, axis):
    x = args[0]
    bd = dims[0]
    # 批维度留在原位,>= bd 的轴号加 1
    new_axis = canonical_axes([a + 1 if a >= bd else a for a in axis], x.ndim)
    out = custom_reduce_sum_p.bind(x, axis=new_axis)
    # 输出里批维度前面少了几个被求和的轴
    n_before = 0
    for a in new_axis:
        if a < bd:
            n_before += 1
    return out, bd - n_before


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
