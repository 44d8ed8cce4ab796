def reduce_sum_jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]) -> tuple:
    """Linear: the output tangent is the same sum applied to the input tangent."""
    (primal_input,), (tangent_input,) = primals, tangents
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    if isinstance(tangent_input, ad.Zero):
        return primal_output, ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    return primal_output, custom_reduce_sum_p.bind(tangent_input, axis=axis)


def reduce_sum_transpose_rule(cotangent, undefined_input, *, axis: tuple[int, ...]) -> tuple:
    """Broadcast the output cotangent back over the reduced axes."""
    input_shape = undefined_input.aval.shape
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(undefined_input.aval),)
    keepdims_shape = tuple(1 if dimension in axis else size for dimension, size in enumerate(input_shape))
    return (jnp.broadcast_to(jnp.reshape(cotangent, keepdims_shape), input_shape),)


def reduce_sum_batching_rule(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    """Batch axis first, every reduced axis shifted by one."""
    (batched_input,), (batch_dimension,) = batched_args, batch_dims
    batch_first = jnp.moveaxis(batched_input, batch_dimension, 0)
    shifted_axes = tuple(reduced_axis + 1 for reduced_axis in axis)
    return custom_reduce_sum_p.bind(batch_first, axis=shifted_axes), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
