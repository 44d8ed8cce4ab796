# 在这里为 custom_reduce_sum_p 注册三条规则:
def _零切线(y):
    """与 y 同类型的符号零切线。"""
    return ad.Zero(jax.typeof(y).to_tangent_aval())


def _jvp(primals, tangents, *, axis):
    """求和是线性的:切线同样求和。"""
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    return y, (_零切线(y) if type(t) is ad.Zero else custom_reduce_sum_p.bind(t, axis=axis))


def _转置(ct, x, *, axis):
    """余切广播回输入形状。"""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.zeros(x.aval.shape, ct.dtype) + jnp.expand_dims(ct, axis),)


def _批处理(args, dims, *, axis):
    """批维度原地不动,轴号按位置调整。"""
    x, bd = args[0], dims[0]
    新轴 = tuple(a if a < bd else a + 1 for a in axis)
    在前面的 = len([a for a in axis if a < bd])
    return custom_reduce_sum_p.bind(x, axis=新轴), bd - 在前面的


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _转置
batching.primitive_batchers[custom_reduce_sum_p] = _批处理
