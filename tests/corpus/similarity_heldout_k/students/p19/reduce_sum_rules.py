# 在这里为 custom_reduce_sum_p 注册三条规则:
def custom_reduce_sum_jvp_rule(primal_arguments, tangent_arguments, *, axis):
    """The sum is linear, so the output tangent is the tangent summed over the same axes."""
    primal_input, = primal_arguments
    tangent_input, = tangent_arguments
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    if type(tangent_input) is ad.Zero:
        tangent_output = ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    else:
        tangent_output = custom_reduce_sum_p.bind(tangent_input, axis=axis)
    return primal_output, tangent_output


def custom_reduce_sum_transpose_rule(output_cotangent, undefined_input, *, axis):
    """Broadcast the output cotangent back to the input shape (unit axes first)."""
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(undefined_input.aval),)
    input_shape = undefined_input.aval.shape
    cotangent_with_unit_axes = jnp.expand_dims(output_cotangent, axis)
    return (jnp.broadcast_to(cotangent_with_unit_axes, input_shape),)


def custom_reduce_sum_batching_rule(batched_arguments, batch_dimensions, *, axis):
    """Move the batch dimension to the front with a transpose, then shift every axis by one."""
    batched_input, = batched_arguments
    batch_dimension, = batch_dimensions
    batch_first_input = jnp.moveaxis(batched_input, batch_dimension, 0)
    shifted_axes = tuple(single_axis + 1 for single_axis in axis)
    return custom_reduce_sum_p.bind(batch_first_input, axis=shifted_axes), 0


ad.primitive_jvps[custom_reduce_sum_p] = custom_reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = custom_reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = custom_reduce_sum_batching_rule
