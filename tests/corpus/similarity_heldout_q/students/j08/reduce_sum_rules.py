def forward_mode_rule_for_custom_reduce_sum(primal_inputs, tangent_inputs, *, axis):
    primal_output = custom_reduce_sum_p.bind(primal_inputs[0], axis=axis)
    tangent_output = custom_reduce_sum_p.bind(tangent_inputs[0], axis=axis)
    return primal_output, tangent_output


def transpose_rule_for_custom_reduce_sum(output_cotangent, undefined_input, *, axis):
    shape_of_the_input = undefined_input.aval.shape
    dimensions_that_were_kept = [d for d in range(len(shape_of_the_input)) if d not in axis]
    input_cotangent = jax.lax.broadcast_in_dim(output_cotangent, shape_of_the_input,
                                               tuple(dimensions_that_were_kept))
    return (input_cotangent,)


def batching_rule_for_custom_reduce_sum(batched_arguments, batch_dimensions, *, axis):
    batched_input = jnp.moveaxis(batched_arguments[0], batch_dimensions[0], 0)
    axes_after_moving_batch_to_front = tuple(original_axis + 1 for original_axis in axis)
    batched_output = custom_reduce_sum_p.bind(batched_input, axis=axes_after_moving_batch_to_front)
    return batched_output, 0


ad.primitive_jvps[custom_reduce_sum_p] = forward_mode_rule_for_custom_reduce_sum
ad.primitive_transposes[custom_reduce_sum_p] = transpose_rule_for_custom_reduce_sum
batching.primitive_batchers[custom_reduce_sum_p] = batching_rule_for_custom_reduce_sum
