# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def jvp(p, t, *, axis):
    y = custom_reduce_sum_p.bind(p[0], axis=axis)
    if type(t[0]) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t[0], axis=axis)


def tr(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return [ad.Zero(x.aval)]
    shape = list(x.aval.shape)
    keep = [1 if i in axis else n for i, n in enumerate(shape)]
    return [jnp.broadcast_to(jnp.reshape(ct, keep), shape)]


def bat(a, d, *, axis):
    x = jnp.moveaxis(a[0], d[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(i + 1 for i in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = jvp
ad.primitive_transposes[custom_reduce_sum_p] = tr
batching.primitive_batchers[custom_reduce_sum_p] = bat
