# Correct, written differently: ad.deflinear2 derives the JVP from linearity; the batching rule
# moves the batch dimension to the end instead of the front.
def _sum_transpose(ct, operand, *, axis):
    if type(ct) is ad.Zero:
        return [ad.Zero(operand.aval)]
    shape = operand.aval.shape
    expanded = jnp.reshape(ct, tuple(1 if i in axis else d for i, d in enumerate(shape)))
    return [expanded * jnp.ones(shape, ct.dtype)]


ad.deflinear2(custom_reduce_sum_p, _sum_transpose)


def _sum_batch(args, dims, *, axis):
    x = jnp.moveaxis(args[0], dims[0], -1)
    return custom_reduce_sum_p.bind(x, axis=axis), x.ndim - 1 - len(axis)


batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
