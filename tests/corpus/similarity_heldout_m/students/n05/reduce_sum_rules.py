# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def custom_reduce_sum_jvp_rule(primal_inputs, tangent_inputs, *, axis):
    (primal_input,) = primal_inputs
    (tangent_input,) = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    # 求和是线性的:切向量做同样的求和
    if type(tangent_input) is ad.Zero:
        return primal_output, ad.Zero.from_primal_value(primal_output)
    return primal_output, custom_reduce_sum_p.bind(tangent_input, axis=axis)


def custom_reduce_sum_transpose_rule(output_cotangent, operand, *, axis):
    operand_shape = operand.aval.shape
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # 每个被求和的输入元素都拿到对应输出元素的余切
    cotangent_with_kept_dims = lax.expand_dims(output_cotangent, axis)
    return (lax.broadcast_in_dim(cotangent_with_kept_dims, operand_shape, tuple(range(len(operand_shape)))),)


def custom_reduce_sum_batching_rule(batched_arguments, batch_dimensions, *, axis):
    (batched_operand,) = batched_arguments
    (batch_dimension,) = batch_dimensions
    # batch 维放到最前,每个求和轴往右挪一位
    permutation = (batch_dimension,) + tuple(d for d in range(batched_operand.ndim) if d != batch_dimension)
    operand_batch_first = lax.transpose(batched_operand, permutation)
    shifted_axes = tuple(summed_axis + 1 for summed_axis in axis)
    return custom_reduce_sum_p.bind(operand_batch_first, axis=shifted_axes), 0


from jax import lax
ad.primitive_jvps[custom_reduce_sum_p] = custom_reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = custom_reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = custom_reduce_sum_batching_rule
