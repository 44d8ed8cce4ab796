# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def 求和_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


def 求和_转置(ct, x, *, axis):
    形状 = x.aval.shape
    if isinstance(ct, ad.Zero):
        return [ad.Zero(x.aval)]
    # 在被求和的轴上补回长度 1 的维度,再广播回原形状
    保留 = [i for i in range(len(形状)) if i not in axis]
    return [lax.broadcast_in_dim(ct, 形状, tuple(保留))]


def 求和_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 求和是线性的:切向量也直接求和
    if isinstance(t, ad.Zero):
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = 求和_batch
ad.primitive_transposes[custom_reduce_sum_p] = 求和_转置
ad.primitive_jvps[custom_reduce_sum_p] = 求和_jvp
