def custom_reduce_sum_jvp_rule(primal_inputs, tangent_inputs, *, axis):
    (primal_input,) = primal_inputs
    (tangent_input,) = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    tangent_output = custom_reduce_sum_p.bind(ad.instantiate_zeros(tangent_input), axis=axis)
    return primal_output, tangent_output


def custom_reduce_sum_transpose_rule(output_cotangent, undefined_input, *, axis):
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(undefined_input.aval),)
    input_shape = undefined_input.aval.shape
    return (jnp.broadcast_to(output_cotangent, input_shape),)


def custom_reduce_sum_batching_rule(batched_inputs, batch_dimensions, *, axis):
    (batched_input,) = batched_inputs
    (batch_dimension,) = batch_dimensions
    batched_input_with_batch_first = jnp.moveaxis(batched_input, batch_dimension, 0)
    summed_axes_after_moving = tuple(summed_axis + 1 for summed_axis in axis)
    return custom_reduce_sum_p.bind(batched_input_with_batch_first, axis=summed_axes_after_moving), 0


ad.primitive_jvps[custom_reduce_sum_p] = custom_reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = custom_reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = custom_reduce_sum_batching_rule
