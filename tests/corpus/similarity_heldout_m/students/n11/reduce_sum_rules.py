# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _求和(x, axis):
    """用原语本身求和,保证 jvp 与 batching 后仍是 custom_reduce_sum_p。"""
    return custom_reduce_sum_p.bind(x, axis=axis)


def _还原形状(ct, shape, axis):
    """把 ct 在被求和的轴上扩回 shape。"""
    return jnp.broadcast_to(jnp.reshape(ct, [1 if i in axis else n for i, n in enumerate(shape)]), shape)


def _jvp(primals, tangents, *, axis):
    """线性:切向量同样求和。"""
    y = _求和(primals[0], axis)
    t = tangents[0]
    return y, (ad.Zero.from_primal_value(y) if type(t) is ad.Zero else _求和(t, axis))


def _转置(ct, x, *, axis):
    """广播回输入形状。"""
    return (ad.Zero(x.aval) if type(ct) is ad.Zero else _还原形状(ct, x.aval.shape, axis),)


def _批(args, dims, *, axis):
    """batch 轴移到最前。"""
    return _求和(jnp.moveaxis(args[0], dims[0], 0), tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _转置
batching.primitive_batchers[custom_reduce_sum_p] = _批
