from jax import lax


def reduce_sum_forward_mode_rule(primal_inputs, tangent_inputs, *, axis):
    primal_operand, = primal_inputs
    tangent_operand, = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_operand, axis=axis)
    if type(tangent_operand) is ad.Zero:
        return primal_output, ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    return primal_output, custom_reduce_sum_p.bind(tangent_operand, axis=axis)


def reduce_sum_transpose_rule(output_cotangent, undefined_operand, *, axis):
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(undefined_operand.aval),)
    operand_shape = undefined_operand.aval.shape
    dimensions_kept = tuple(dimension for dimension in range(len(operand_shape)) if dimension not in axis)
    return (lax.broadcast_in_dim(output_cotangent, operand_shape, dimensions_kept),)


def reduce_sum_batching_rule(batched_operands, batch_dimensions, *, axis):
    batched_operand, = batched_operands
    batch_dimension, = batch_dimensions
    operand_with_batch_first = jnp.moveaxis(batched_operand, batch_dimension, 0)
    shifted_axes = tuple(summed_axis + 1 for summed_axis in axis)
    return custom_reduce_sum_p.bind(operand_with_batch_first, axis=shifted_axes), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_forward_mode_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
