BATCH_OUT_DIM = 0


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


def _batching_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    perm = (bd,) + tuple(i for i in range(x.ndim) if i != bd)
    summed = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(jnp.transpose(x, perm), axis=summed), BATCH_OUT_DIM


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batching_rule
