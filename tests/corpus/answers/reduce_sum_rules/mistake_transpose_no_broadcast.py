# Typical mistake: the transpose rule only re-inserts the reduced axes (size 1) and never
# broadcasts the cotangent back to the input shape.
def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    return (jnp.expand_dims(ct, axis),)


def _batch(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
