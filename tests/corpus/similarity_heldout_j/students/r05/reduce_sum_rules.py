# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def _求和(x, axis):
    return custom_reduce_sum_p.bind(x, axis=axis)


def _jvp规则(primals, tangents, *, axis):
    # 切线为符号零时,输出也是符号零
    y = _求和(primals[0], axis)
    if isinstance(tangents[0], ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, _求和(tangents[0], axis)


def _转置规则(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    保留 = [i for i in range(len(x.aval.shape)) if i not in axis]
    return (lax.broadcast_in_dim(ct, x.aval.shape, 保留),)


def _批处理规则(args, dims, *, axis):
    # lax.transpose 把批维度换到第 0 维
    x, bd = args[0], dims[0]
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    return _求和(lax.transpose(x, perm), tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp规则
ad.primitive_transposes[custom_reduce_sum_p] = _转置规则
batching.primitive_batchers[custom_reduce_sum_p] = _批处理规则
