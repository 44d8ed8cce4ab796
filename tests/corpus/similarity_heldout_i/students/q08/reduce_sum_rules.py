# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (x,) = primals
    (t,) = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    # 符号零的切向量,输出也给符号零
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    # 求和是线性的
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis: tuple[int, ...]):
    shape = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # 把求和的轴补回长度 1,再广播
    kd = tuple(1 if i in axis else n for i, n in enumerate(shape))
    return (jnp.broadcast_to(jnp.reshape(ct, kd), shape),)


def _batch(args: tuple, dims: tuple, *, axis: tuple[int, ...]):
    (x,) = args
    (bd,) = dims
    # batch 维放到最后,求和的轴号不变,输出的 batch 维也在最后
    x = jnp.moveaxis(x, bd, -1)
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, y.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
