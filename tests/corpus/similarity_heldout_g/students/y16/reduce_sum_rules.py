# 练习 1:custom_reduce_sum_p 的 JVP、转置和 batching 规则
from jax import lax


def _reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 没被求和的轴对应 ct 的各维
    dims = tuple(i for i in range(x.aval.ndim) if i not in axis)
    return (lax.broadcast_in_dim(ct, x.aval.shape, dims),)


def _reduce_sum_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    # 批维度不动:轴号 >= bd 的都加 1
    axis_b = tuple(a if a < bd else a + 1 for a in axis)
    # 输出中批维度的位置:减去它前面被求和掉的轴数
    out_bd = bd - len([a for a in axis_b if a < bd])
    return custom_reduce_sum_p.bind(x, axis=axis_b), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
