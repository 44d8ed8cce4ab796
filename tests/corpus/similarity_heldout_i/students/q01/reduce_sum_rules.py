# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>


def reduce_sum_jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (primal_input,) = primals
    (tangent_input,) = tangents
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    # a symbolic zero tangent stays a symbolic zero of the output's tangent type
    if type(tangent_input) is ad.Zero:
        return primal_output, ad.Zero.from_primal_value(primal_output)
    # summing is linear: the tangent is summed over the same axes
    return primal_output, custom_reduce_sum_p.bind(tangent_input, axis=axis)


def reduce_sum_transpose_rule(output_cotangent, operand, *, axis: tuple[int, ...]):
    input_shape = operand.aval.shape
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # put the summed axes back as size-1 axes, then broadcast them to the input shape
    keepdims_shape = tuple(1 if index in axis else size for index, size in enumerate(input_shape))
    return (jnp.broadcast_to(jnp.reshape(output_cotangent, keepdims_shape), input_shape),)


def reduce_sum_batching_rule(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]):
    (batched_input,) = batched_args
    (batch_axis,) = batch_dims
    # move the batch axis to the end: the summed axes keep their numbers, the output batch axis is last
    moved_input = jnp.moveaxis(batched_input, batch_axis, -1)
    summed = custom_reduce_sum_p.bind(moved_input, axis=axis)
    return summed, summed.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
