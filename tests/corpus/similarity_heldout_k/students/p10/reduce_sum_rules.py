# 在这里为 custom_reduce_sum_p 注册三条规则:
def zero_tangent_like(primal_output):
    # A symbolic zero with the tangent type of the primal output.
    return ad.Zero(jax.typeof(primal_output).to_tangent_aval())


def shape_with_summed_axes_as_ones(input_shape, summed_axes):
    # The input shape with every summed axis replaced by 1 (the keepdims shape).
    return tuple(1 if index in summed_axes else length for index, length in enumerate(input_shape))


def reduce_sum_jvp(primal_inputs, tangent_inputs, *, axis):
    operand, = primal_inputs
    operand_tangent, = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(operand_tangent) is ad.Zero:
        return primal_output, zero_tangent_like(primal_output)
    return primal_output, custom_reduce_sum_p.bind(operand_tangent, axis=axis)


def reduce_sum_transpose(output_cotangent, operand, *, axis):
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    input_shape = operand.aval.shape
    keepdims_cotangent = jnp.reshape(output_cotangent, shape_with_summed_axes_as_ones(input_shape, axis))
    return (jnp.broadcast_to(keepdims_cotangent, input_shape),)


def reduce_sum_batching(batched_operands, operand_batch_dims, *, axis):
    operand, = batched_operands
    batch_dimension, = operand_batch_dims
    operand_with_batch_first = jnp.moveaxis(operand, batch_dimension, 0)
    axes_in_batched_array = tuple(single_axis + 1 for single_axis in axis)
    return custom_reduce_sum_p.bind(operand_with_batch_first, axis=axes_in_batched_array), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching
