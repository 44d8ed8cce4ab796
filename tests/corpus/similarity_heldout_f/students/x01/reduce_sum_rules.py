# JVP, transpose and batching rules for custom_reduce_sum_p.
def reduce_sum_jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (primal_input,) = primals
    (tangent_input,) = tangents
    primal_output = custom_reduce_sum_p.bind(primal_input, axis=axis)
    # A symbolic zero tangent stays a symbolic zero (of the output's tangent type).
    if isinstance(tangent_input, ad.Zero):
        return primal_output, ad.Zero(jax.typeof(primal_output).to_tangent_aval())
    # Summation is linear, so the tangent is summed the same way.
    return primal_output, custom_reduce_sum_p.bind(tangent_input, axis=axis)


def reduce_sum_transpose_rule(cotangent, linear_input, *, axis: tuple[int, ...]):
    input_shape = linear_input.aval.shape
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(linear_input.aval),)
    # Re-insert the summed axes with length 1, then broadcast back to the input shape.
    return (jnp.broadcast_to(jnp.expand_dims(cotangent, axis), input_shape),)


def reduce_sum_batching_rule(batched_args, batch_dims, *, axis: tuple[int, ...]):
    (batched_input,) = batched_args
    (batch_dim,) = batch_dims
    # Keep the batch axis where it is; every per-example axis at or after it moves one to the right.
    shifted_axes = tuple(a + 1 if a >= batch_dim else a for a in axis)
    # The summed axes in front of the batch axis disappear from the output.
    output_batch_dim = batch_dim - sum(1 for a in axis if a < batch_dim)
    return custom_reduce_sum_p.bind(batched_input, axis=shifted_axes), output_batch_dim


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
