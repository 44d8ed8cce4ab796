# JVP:求和是线性的,切向量也用同一个原语求和
def reduce_sum_jvp_rule(primal_values, tangent_values, *, axis):
    (input_value,) = primal_values
    (input_tangent,) = tangent_values
    output_value = custom_reduce_sum_p.bind(input_value, axis=axis)
    output_tangent = custom_reduce_sum_p.bind(input_tangent, axis=axis)
    return output_value, output_tangent


# 转置:把被求和的轴插回去,再广播到输入的形状
def reduce_sum_transpose_rule(cotangent, input_value, *, axis):
    input_shape = input_value.aval.shape
    if type(cotangent) is ad.Zero:
        return (ad.Zero(input_value.aval),)
    expanded = jnp.expand_dims(cotangent, axis)
    return (jnp.broadcast_to(expanded, input_shape),)


# batching:批量轴不动,按它的位置调整 axis
def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    (input_value,) = batched_args
    (batch_dim,) = batch_dims
    shifted_axis = tuple(a if a < batch_dim else a + 1 for a in axis)
    output_batch_dim = batch_dim - sum(1 for a in axis if a < batch_dim)
    return custom_reduce_sum_p.bind(input_value, axis=shifted_axis), output_batch_dim


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
