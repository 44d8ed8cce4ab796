def _j(p, t, *, axis):
    """JVP:求和是线性的。"""
    return custom_reduce_sum_p.bind(p[0], axis=axis), custom_reduce_sum_p.bind(t[0], axis=axis)


def _t(c, x, *, axis):
    """转置:把被求和的轴插回去再广播。"""
    s = x.aval.shape
    for a in sorted(axis):
        c = jnp.expand_dims(c, a)
    return (jnp.broadcast_to(c, s),)


def _b(a, d, *, axis):
    """batching:批量轴保持原位。"""
    x, = a
    k, = d
    n = tuple(i + 1 if i >= k else i for i in axis)
    return custom_reduce_sum_p.bind(x, axis=n), k - len([i for i in axis if i < k])


ad.primitive_jvps[custom_reduce_sum_p] = _j
ad.primitive_transposes[custom_reduce_sum_p] = _t
batching.primitive_batchers[custom_reduce_sum_p] = _b
