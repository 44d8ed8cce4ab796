# JVP: the sum is linear
def sum_jvp(primal_in, tangent_in, *, axis):
    x, = primal_in
    dx, = tangent_in
    return custom_reduce_sum_p.bind(x, axis=axis), custom_reduce_sum_p.bind(dx, axis=axis)


# transpose: size-1 dims where the sum was, then broadcast
def sum_transpose(ct, x, *, axis):
    full_shape = x.aval.shape
    kept_shape = [1 if i in axis else d for i, d in enumerate(full_shape)]
    return (jnp.broadcast_to(jnp.reshape(ct, kept_shape), full_shape),)


# batching: batch axis to the end
def sum_batch(operands, bdims, *, axis):
    x, = operands
    bd, = bdims
    x = jnp.moveaxis(x, bd, -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


ad.primitive_jvps[custom_reduce_sum_p] = sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = sum_batch
