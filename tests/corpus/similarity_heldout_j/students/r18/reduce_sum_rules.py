def custom_sum_jvp_rule(primal_values, tangent_values, *, axis):
    # 求和是线性的:切线用同一个原语求和
    (input_value,) = primal_values
    (input_tangent,) = tangent_values
    output_value = custom_reduce_sum_p.bind(input_value, axis=axis)
    if type(input_tangent) is ad.Zero:
        output_tangent = ad.Zero(jax.typeof(output_value).to_tangent_aval())
    else:
        output_tangent = custom_reduce_sum_p.bind(input_tangent, axis=axis)
    return output_value, output_tangent


def custom_sum_transpose_rule(output_cotangent, input_value, *, axis):
    # 先 reshape 成 keepdims 的形状,再广播回输入形状
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(input_value.aval),)
    input_shape = input_value.aval.shape
    keepdims_shape = tuple(1 if index in axis else length for index, length in enumerate(input_shape))
    return (jnp.broadcast_to(jnp.reshape(output_cotangent, keepdims_shape), input_shape),)


def custom_sum_batching_rule(batched_values, batch_dimensions, *, axis):
    # 把批维度挪到最后,单个样本的轴号不用改
    (batched_input,) = batched_values
    (batch_dimension,) = batch_dimensions
    batched_input = jnp.moveaxis(batched_input, batch_dimension, -1)
    batched_output = custom_reduce_sum_p.bind(batched_input, axis=axis)
    return batched_output, batched_output.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = custom_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = custom_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = custom_sum_batching_rule
