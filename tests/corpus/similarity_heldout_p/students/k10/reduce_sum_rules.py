def _rs_jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _rs_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    if not axis:
        return (ct,)
    return (jnp.zeros(x.aval.shape, x.aval.dtype) + jnp.expand_dims(ct, axis),)


def _rs_batch(args, dims, *, axis):
    x, = args
    bd, = dims
    if bd is None:
        return custom_reduce_sum_p.bind(x, axis=axis), None
    if bd == 0:
        return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0
    return _rs_batch((jnp.moveaxis(x, bd, 0),), (0,), axis=axis)


ad.primitive_jvps[custom_reduce_sum_p] = _rs_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _rs_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _rs_batch
