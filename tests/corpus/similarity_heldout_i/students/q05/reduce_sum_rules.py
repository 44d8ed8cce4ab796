# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def _求和_jvp(primals, tangents, *, axis):
    """求和是线性的:切向量也按同样的轴求和。"""
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _求和_转置(ct, x, *, axis):
    """余切向量沿被求和的轴广播回输入的形状。"""
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    形状 = x.aval.shape
    # 没被求和的轴在输出里的位置
    保留 = tuple(i for i in range(len(形状)) if i not in axis)
    return (lax.broadcast_in_dim(ct, 形状, 保留),)


def _求和_batch(args, dims, *, axis):
    """batch 维挪到最前面,求和的轴都加一。"""
    x, = args
    b, = dims
    x = jnp.moveaxis(x, b, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _求和_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _求和_转置
batching.primitive_batchers[custom_reduce_sum_p] = _求和_batch
