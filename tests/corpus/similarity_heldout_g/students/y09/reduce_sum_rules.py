# 求和原语的三条线性规则


def _reduce_sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]) -> tuple:
    (input_array,), (input_tangent,) = primals, tangents
    output_array = custom_reduce_sum_p.bind(input_array, axis=axis)
    # 切线是符号零:输出也是符号零
    if type(input_tangent) is ad.Zero:
        return output_array, ad.Zero(jax.typeof(output_array).to_tangent_aval())
    return output_array, custom_reduce_sum_p.bind(input_tangent, axis=axis)


def _reduce_sum_transpose(output_cotangent, input_array, *, axis: tuple[int, ...]) -> tuple:
    input_shape = input_array.aval.shape
    if type(output_cotangent) is ad.Zero:
        return (ad.Zero(input_array.aval),)
    # 在被求和的位置插回长度为 1 的轴,再广播
    cotangent_with_ones = jnp.expand_dims(output_cotangent, axis)
    return (jnp.broadcast_to(cotangent_with_ones, input_shape),)


def _reduce_sum_batch(batched_arguments: tuple, batch_dimensions: tuple, *, axis: tuple[int, ...]) -> tuple:
    (batched_input,), (batch_dimension,) = batched_arguments, batch_dimensions
    # 批维度挪到最前面,所有轴号加 1
    moved_input = jnp.moveaxis(batched_input, batch_dimension, 0)
    return custom_reduce_sum_p.bind(moved_input, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
