# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def 求和_jvp(primals, tangents, *, axis):
    """求和是线性的:切线也用本原语求和。"""
    (原始输入,), (切线,) = primals, tangents
    输出 = custom_reduce_sum_p.bind(原始输入, axis=axis)
    if isinstance(切线, ad.Zero):
        return 输出, ad.Zero(jax.typeof(输出).to_tangent_aval())
    return 输出, custom_reduce_sum_p.bind(切线, axis=axis)


def 求和_转置(余切, 输入, *, axis):
    """把余切广播回输入的形状。"""
    if isinstance(余切, ad.Zero):
        return (ad.Zero(输入.aval),)
    形状 = 输入.aval.shape
    # 保留下来的轴在输出中的位置
    保留 = tuple(i for i in range(len(形状)) if i not in axis)
    return (lax.broadcast_in_dim(余切, 形状, 保留),)


def 求和_批处理(batched_args, batch_dims, *, axis):
    """批维度挪到第 0 维,所有轴号加 1。"""
    (数组,), (批维,) = batched_args, batch_dims
    排列 = (批维,) + tuple(i for i in range(数组.ndim) if i != 批维)
    数组 = lax.transpose(数组, 排列)
    return custom_reduce_sum_p.bind(数组, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = 求和_jvp
ad.primitive_transposes[custom_reduce_sum_p] = 求和_转置
batching.primitive_batchers[custom_reduce_sum_p] = 求和_批处理
