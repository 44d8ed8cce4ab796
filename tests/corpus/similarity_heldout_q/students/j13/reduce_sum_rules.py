# 1. JVP: sum the tangent the same way
def jvp_rule(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(t, axis=axis)


# 2. transpose: reshape with ones in the summed axes, then broadcast
def transpose_rule(ct, x, *, axis):
    shape = x.aval.shape
    keep_shape = tuple(1 if i in axis else n for i, n in enumerate(shape))
    return (jnp.broadcast_to(ct.reshape(keep_shape), shape),)


# 3. batching: batch axis to the front, summed axes shifted by one
def batch_rule(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


# 4. register
ad.primitive_jvps[custom_reduce_sum_p] = jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = batch_rule
