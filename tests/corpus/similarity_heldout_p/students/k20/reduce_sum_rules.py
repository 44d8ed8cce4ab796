def j(p, t, *, axis):
    x, = p
    v, = t
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(v) is ad.Zero:  # 零切向量
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(v, axis=axis)  # 求和是线性的


def t(c, x, *, axis):
    if type(c) is ad.Zero:
        return (ad.Zero(x.aval),)
    s = x.aval.shape
    k = tuple(i for i in range(len(s)) if i not in axis)  # 保留下来的维
    return (jax.lax.broadcast_in_dim(c, s, k),)  # 沿求和的维复制


def b(a, d, *, axis):
    x, = a
    n, = d
    x = jnp.moveaxis(x, n, 0)  # batch 维放到最前
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0  # 求和的轴都后移一位


ad.primitive_jvps[custom_reduce_sum_p] = j
ad.primitive_transposes[custom_reduce_sum_p] = t
batching.primitive_batchers[custom_reduce_sum_p] = b
