def reduce_sum_forward_mode_rule(primal_inputs, tangent_inputs, *, axis):
    (primal_input,), (tangent_input,) = primal_inputs, tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    if type(tangent_input) is ad.Zero:
        symbolic_zero_tangent = ad.Zero(jax.typeof(primal_output).to_tangent_aval())
        return primal_output, symbolic_zero_tangent
    tangent_output = custom_reduce_sum_p.bind(tangent_input, axis=axis)
    return primal_output, tangent_output


def reduce_sum_transpose_rule(output_cotangent, undefined_linear_input, *, axis):
    input_shape = undefined_linear_input.aval.shape
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(undefined_linear_input.aval),)
    cotangent_with_summed_axes_restored = jnp.expand_dims(output_cotangent, axis)
    input_cotangent = jnp.broadcast_to(cotangent_with_summed_axes_restored, input_shape)
    return (input_cotangent,)


def reduce_sum_batching_rule(batched_arguments, batch_dimensions, *, axis):
    (batched_input,), (batch_dimension,) = batched_arguments, batch_dimensions
    input_with_batch_in_front = jnp.moveaxis(batched_input, batch_dimension, 0)
    axes_after_moving_batch_to_front = tuple(sample_axis + 1 for sample_axis in axis)
    output = custom_reduce_sum_p.bind(input_with_batch_in_front, axis=axes_after_moving_batch_to_front)
    return output, 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_forward_mode_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
