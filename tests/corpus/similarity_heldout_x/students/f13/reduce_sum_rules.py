def _sum_jvp(primals, tangents, *, axis):
    operand, tangent = primals[0], tangents[0]
    result = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(tangent) is ad.Zero:
        return result, ad.Zero(jax.typeof(result).to_tangent_aval())
    return result, custom_reduce_sum_p.bind(tangent, axis=axis)


def _sum_transpose(cot, operand, *, axis):
    if type(cot) is ad.Zero:
        return (ad.Zero(operand.aval),)
    full = operand.aval.shape
    # a new length-1 axis where the sum removed one; the other axes stay as they are
    where = tuple(None if k in axis else slice(None) for k in range(len(full)))
    return (jnp.broadcast_to(cot[where], full),)


def _sum_batch(args, dims, *, axis):
    operand, b = args[0], dims[0]
    if b != 0:
        operand = jnp.moveaxis(operand, b, 0)
    return custom_reduce_sum_p.bind(operand, axis=tuple(k + 1 for k in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_batch
