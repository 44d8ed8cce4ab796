# 在这里为 custom_reduce_sum_p 注册三条规则:
def _求和(v, axis):
    """用本原语求和。"""
    return custom_reduce_sum_p.bind(v, axis=axis)


def _jvp(primals, tangents, *, axis):
    """切线同样求和;符号零单独处理。"""
    y = _求和(primals[0], axis)
    if isinstance(tangents[0], ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, _求和(tangents[0], axis)


def _转置(ct, x, *, axis):
    """余切插回被求和的轴,再乘一个全 1 数组广播回原形状。"""
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.expand_dims(ct, axis) * jnp.ones(x.aval.shape, ct.dtype),)


def _批(args, dims, *, axis):
    """批维度挪到第 0 维,轴号整体加 1。"""
    x = jnp.moveaxis(args[0], dims[0], 0)
    return _求和(x, tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _转置
batching.primitive_batchers[custom_reduce_sum_p] = _批
