def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    (batched_input,) = batched_args
    (batch_dim,) = batch_dims
    shifted_axis = tuple(dim + 1 for dim in axis)
    moved_input = jnp.moveaxis(batched_input, batch_dim, 0)
    return custom_reduce_sum_p.bind(moved_input, axis=shifted_axis), 0


def reduce_sum_transpose_rule(cotangent, operand, *, axis):
    input_shape = operand.aval.shape
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    kept_dims_shape = tuple(1 if dim in axis else size for dim, size in enumerate(input_shape))
    return (jnp.broadcast_to(jnp.reshape(cotangent, kept_dims_shape), input_shape),)


def reduce_sum_jvp_rule(primals, tangents, *, axis):
    (input_value,) = primals
    (input_tangent,) = tangents
    output_value = custom_reduce_sum_p.bind(input_value, axis=axis)
    if type(input_tangent) is ad.Zero:
        return output_value, ad.Zero(jax.typeof(output_value).to_tangent_aval())
    return output_value, custom_reduce_sum_p.bind(input_tangent, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
