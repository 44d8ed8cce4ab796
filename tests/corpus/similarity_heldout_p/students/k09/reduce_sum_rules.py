def _jvp_rule(primals, tangents, *, axis):
    """:param primals: ``(x,)``; :param tangents: ``(t,)``; :return: ``(sum(x), sum(t))``"""
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero.from_primal_value(y)
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose_rule(ct, x, *, axis):
    """:param ct: cotangent of the sum; :param x: the undefined primal; :return: ``(ct broadcast back,)``"""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch_rule(args, dims, *, axis):
    """:param args: ``(x,)``; :param dims: ``(bd,)``; :return: the batched sum and its batch dimension 0"""
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
