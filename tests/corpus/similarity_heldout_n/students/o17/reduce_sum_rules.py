# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def 求和_jvp(primals, tangents, *, axis):
    """求和是线性的:切线同样求和;零切线返回符号零。"""
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def 求和_转置(ct, x, *, axis):
    """余切广播回输入形状:保留下来的轴按顺序对应到输入的轴上。"""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    保留 = tuple(i for i in range(x.aval.ndim) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, x.aval.shape, 保留),)


def 求和_批处理(args, dims, *, axis):
    """批维度换到第 0 维,所有轴号加 1,输出的批维度在第 0 维。"""
    (x,), (bd,) = args, dims
    x = jnp.swapaxes(x, 0, bd) if bd != 0 else x
    # 交换之后原来的第 0 维在 bd 处,重新排回去
    if bd != 0:
        x = jnp.moveaxis(x, bd, 1)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = 求和_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和_转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和_批处理
