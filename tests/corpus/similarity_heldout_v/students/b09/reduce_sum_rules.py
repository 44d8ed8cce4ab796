def _is_zero(t):
    return type(t) is ad.Zero


def _sum(x, axis):
    return custom_reduce_sum_p.bind(x, axis=axis)


def _zero_like_out(y):
    return ad.Zero(jax.typeof(y).to_tangent_aval())


def _jvp(primals, tangents, *, axis):
    y = _sum(primals[0], axis)
    t = tangents[0]
    return y, (_zero_like_out(y) if _is_zero(t) else _sum(t, axis))


def _unsum(ct, shape, axis):
    return jnp.broadcast_to(jnp.expand_dims(ct, axis), shape)


def _transpose(ct, x, *, axis):
    if _is_zero(ct):
        return (ad.Zero(x.aval),)
    return (_unsum(ct, x.aval.shape, axis),)


def _shift(axis):
    return tuple(a + 1 for a in axis)


def _batch(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return _sum(x, _shift(axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
