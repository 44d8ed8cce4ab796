import functools


@functools.lru_cache(maxsize=None)
def _shifted(axis):
    return tuple(a + 1 for a in axis)


def _jvp(primals, tangents, *, axis):
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    t = tangents[0]
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, operand, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(operand.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), operand.aval.shape),)


def _batch(args, dims, *, axis):
    return custom_reduce_sum_p.bind(jnp.moveaxis(args[0], dims[0], 0), axis=_shifted(axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
