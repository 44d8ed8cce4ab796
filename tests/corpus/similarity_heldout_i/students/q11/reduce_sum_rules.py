# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def reduce_sum_jvp(primal_inputs, tangent_inputs, *, axis):
    primal_value, = primal_inputs
    tangent_value, = tangent_inputs
    primal_output = custom_reduce_sum_p.bind(primal_value, axis=axis)
    # 切向量是符号零时,输出的切向量也是符号零
    if isinstance(tangent_value, ad.Zero):
        return primal_output, ad.Zero.from_primal_value(primal_output)
    return primal_output, custom_reduce_sum_p.bind(tangent_value, axis=axis)


def reduce_sum_transpose(output_cotangent, undefined_input, *, axis):
    input_aval = undefined_input.aval
    if isinstance(output_cotangent, ad.Zero):
        return (ad.Zero(input_aval),)
    # 在被求和的位置插入长度为 1 的轴,再广播
    expanded_cotangent = jnp.expand_dims(output_cotangent, axis)
    return (jnp.broadcast_to(expanded_cotangent, input_aval.shape),)


def reduce_sum_batching(batched_arguments, batch_dimensions, *, axis):
    batched_input, = batched_arguments
    batch_dimension, = batch_dimensions
    # batch 维留在原处:原来 >= batch_dimension 的轴都往后挪一位
    shifted_axes = tuple(a + 1 if a >= batch_dimension else a for a in axis)
    output_batch_dimension = batch_dimension - len([a for a in shifted_axes if a < batch_dimension])
    return custom_reduce_sum_p.bind(batched_input, axis=shifted_axes), output_batch_dimension


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching
