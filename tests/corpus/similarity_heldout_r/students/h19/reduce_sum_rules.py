from collections import namedtuple

R = namedtuple("R", ["j", "t", "b"])


def _j(p, u, *, axis):
    """JVP:对切向量做同样的求和。"""
    y = custom_reduce_sum_p.bind(p[0], axis=axis)
    v = u[0]
    if type(v) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(v, axis=axis)


def _t(c, x, *, axis):
    """转置:reshape 成保留维度后广播。"""
    if type(c) is ad.Zero:
        return (ad.Zero(x.aval),)
    k = [1 if i in axis else n for i, n in enumerate(x.aval.shape)]
    return (jnp.broadcast_to(c.reshape(k), x.aval.shape),)


def _b(a, d, *, axis):
    """batch 轴移到最前。"""
    x = jnp.moveaxis(a[0], d[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


G = R(_j, _t, _b)
ad.primitive_jvps[custom_reduce_sum_p] = G.j
ad.primitive_transposes[custom_reduce_sum_p] = G.t
batching.primitive_batchers[custom_reduce_sum_p] = G.b
