def _jvp(primals, tangents, *, axis):
    x, = primals  # 原始输入
    xdot, = tangents  # 切线
    y = custom_reduce_sum_p.bind(x, axis=axis)  # 前向:求和
    if type(xdot) is ad.Zero:  # 符号零切线
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(xdot, axis=axis)  # 求和是线性的,切线也求和


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:  # 余切是零
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(ct, x.aval.shape),)  # 广播回输入的形状


def _batch(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)  # 批维度挪到最前面
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0  # 轴号都加 1


ad.primitive_jvps[custom_reduce_sum_p] = _jvp  # 注册 JVP
ad.primitive_transposes[custom_reduce_sum_p] = _transpose  # 注册转置
batching.primitive_batchers[custom_reduce_sum_p] = _batch  # 注册 batching
