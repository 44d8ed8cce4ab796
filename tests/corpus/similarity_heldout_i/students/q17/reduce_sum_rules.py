# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def _rsum(x, axis):
    return custom_reduce_sum_p.bind(x, axis=axis)


def reduce_sum_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = _rsum(x, axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, _rsum(t, axis)


def reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    # summed axes back as size 1, then broadcast
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def reduce_sum_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return _rsum(x, tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
