def reduce_sum_jvp_rule(primal_inputs, tangent_inputs, *, axis):
    primal_operand, = primal_inputs
    tangent_operand, = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_operand, axis=axis)
    if type(tangent_operand) is ad.Zero:
        return primal_output, ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    return primal_output, custom_reduce_sum_p.bind(tangent_operand, axis=axis)


def reduce_sum_transpose_rule(output_cotangent, undefined_operand, *, axis):
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(undefined_operand.aval),)
    input_shape = undefined_operand.aval.shape
    keepdims_shape = tuple(1 if position in axis else length for position, length in enumerate(input_shape))
    return (jnp.broadcast_to(jnp.reshape(output_cotangent, keepdims_shape), input_shape),)


def reduce_sum_batching_rule(batched_arguments, batch_dimensions, *, axis):
    batched_operand, = batched_arguments
    batch_axis, = batch_dimensions
    shifted_axes = tuple(summed_axis + 1 for summed_axis in axis)
    return custom_reduce_sum_p.bind(jnp.moveaxis(batched_operand, batch_axis, 0), axis=shifted_axes), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
