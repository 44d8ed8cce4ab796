# tangent of a sum = sum of the tangent
def _sum_jvp(primals, tangents, *, axis):
    operand, tangent = primals[0], tangents[0]
    result = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(tangent) is ad.Zero:
        return result, ad.Zero(jax.typeof(result).to_tangent_aval())
    return result, custom_reduce_sum_p.bind(tangent, axis=axis)


# transpose: spread the cotangent over the axes that were summed away
def _sum_transpose(cotangent, operand, *, axis):
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    in_shape = operand.aval.shape
    return (jnp.ones(in_shape, cotangent.dtype) * jnp.expand_dims(cotangent, axis),)


# vmap: batch dimension to the front
def _sum_vmap(args, dims, *, axis):
    operand = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(operand, axis=tuple(1 + a for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _sum_vmap
