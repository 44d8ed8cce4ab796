# JVP, transpose and batching rules for custom_reduce_sum_p.
def reduce_sum_jvp_rule(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]):
    (operand,), (operand_tangent,) = primals, tangents
    primal_out = custom_reduce_sum_p.bind(operand, axis=axis)
    # A symbolic zero tangent stays symbolic.
    if isinstance(operand_tangent, ad.Zero):
        return primal_out, ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    return primal_out, custom_reduce_sum_p.bind(operand_tangent, axis=axis)


def reduce_sum_transpose_rule(cotangent, operand, *, axis: tuple[int, ...]):
    input_shape = operand.aval.shape
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(operand.aval),)
    # Keep the non-summed axes of the cotangent, broadcast over the summed ones.
    kept_dimensions = tuple(d for d in range(len(input_shape)) if d not in axis)
    return (lax.broadcast_in_dim(cotangent, input_shape, kept_dimensions),)


def reduce_sum_batching_rule(batched_args, batch_dims, *, axis: tuple[int, ...]):
    (operand,), (batch_dim,) = batched_args, batch_dims
    # Leave the batch axis where it is; every summed axis at or after it moves one up.
    shifted_axes = tuple(a + 1 if a >= batch_dim else a for a in axis)
    out_batch_dim = batch_dim - sum(1 for a in axis if a < batch_dim)
    return custom_reduce_sum_p.bind(operand, axis=shifted_axes), out_batch_dim


from jax import lax  # noqa: E402

ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
