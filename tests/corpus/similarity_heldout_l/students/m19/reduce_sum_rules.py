# 在这里为 custom_reduce_sum_p 注册三条规则:
def reduce_sum_jvp_rule(primal_arguments, tangent_arguments, *, axis):
    """Forward-mode rule: d(sum x) = sum(dx) over the same axes."""
    operand, = primal_arguments
    operand_tangent, = tangent_arguments
    reduced_output = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(operand_tangent) is ad.Zero:
        return reduced_output, ad.Zero(jax.typeof(reduced_output).to_tangent_aval())
    return reduced_output, custom_reduce_sum_p.bind(operand_tangent, axis=axis)


def reduce_sum_transpose_rule(output_cotangent, linear_operand, *, axis):
    """Reverse-mode rule: the cotangent of the sum is broadcast along the summed axes."""
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(linear_operand.aval),)
    operand_shape = linear_operand.aval.shape
    surviving_dimensions = tuple(d for d in range(len(operand_shape)) if d not in axis)
    return (jax.lax.broadcast_in_dim(output_cotangent, operand_shape, surviving_dimensions),)


def reduce_sum_batching_rule(batched_arguments, batch_dimensions, *, axis):
    """Vectorisation rule: batch dimension moved to the front, summed axes shifted by one."""
    batched_operand, = batched_arguments
    batch_dimension, = batch_dimensions
    batch_first_operand = jnp.moveaxis(batched_operand, batch_dimension, 0)
    shifted_axes = tuple(summed_axis + 1 for summed_axis in axis)
    return custom_reduce_sum_p.bind(batch_first_operand, axis=shifted_axes), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
