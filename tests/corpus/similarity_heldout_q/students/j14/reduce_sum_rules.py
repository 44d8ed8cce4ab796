def reduce_sum_jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(aval=x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis=axis), shape=x.aval.shape),)


def reduce_sum_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    moved = jnp.moveaxis(x, source=bd, destination=0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
