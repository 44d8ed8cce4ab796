# 练习 1:给 custom_reduce_sum_p 补上 JVP、转置、batching 三条规则


def _reduce_sum_jvp(primals, tangents, *, axis):
    """JVP:求和是线性的,切线也用本原语求和。"""
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:  # 符号零单独处理
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _reduce_sum_transpose(ct, x, *, axis):
    """转置:在被求和的轴上插入长度 1 的轴,再广播回输入形状。"""
    assert ad.is_undefined_primal(x)
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    expanded = ct
    for a in axis:  # axis 已排序,从小到大插入位置就对了
        expanded = jnp.expand_dims(expanded, a)
    return (jnp.broadcast_to(expanded, x.aval.shape),)


def _reduce_sum_batch(batched_args, batch_dims, *, axis):
    """batching:把批维度挪到 0,所有轴号加 1。"""
    x, = batched_args
    bd, = batch_dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
