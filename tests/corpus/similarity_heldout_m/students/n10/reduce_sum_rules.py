# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def custom_reduce_sum_jvp_rule(primal_inputs, tangent_inputs, *, axis):
    (primal_input,) = primal_inputs
    (tangent_input,) = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    # summation is linear: the output tangent is the same sum applied to the input tangent
    if type(tangent_input) is ad.Zero:
        return primal_output, ad.Zero.from_primal_value(primal_output)
    return primal_output, custom_reduce_sum_p.bind(tangent_input, axis=axis)


def custom_reduce_sum_transpose_rule(output_cotangent, operand, *, axis):
    operand_shape = operand.aval.shape
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # every summed input element receives the cotangent of its output element
    cotangent_with_kept_dims = jnp.expand_dims(output_cotangent, axis)
    return (jnp.broadcast_to(cotangent_with_kept_dims, operand_shape),)


def custom_reduce_sum_batching_rule(batched_arguments, batch_dimensions, *, axis):
    (batched_operand,) = batched_arguments
    (batch_dimension,) = batch_dimensions
    # put the batch dimension first so every summed axis moves one to the right
    operand_batch_first = jnp.moveaxis(batched_operand, batch_dimension, 0)
    shifted_axes = tuple(summed_axis + 1 for summed_axis in axis)
    return custom_reduce_sum_p.bind(operand_batch_first, axis=shifted_axes), 0


ad.primitive_jvps[custom_reduce_sum_p] = custom_reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = custom_reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = custom_reduce_sum_batching_rule
