# Typical mistake: the JVP rule sums the primal instead of the tangent.
def _jvp(primals, tangents, *, axis):
    x, = primals
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, custom_reduce_sum_p.bind(x, axis=axis)


def _transpose(ct, x, *, axis):
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
