# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
def reduce_sum_jvp(primals, tangents, *, axis):
    """JVP of a linear map: apply the same sum to the tangent.

    A symbolic-zero tangent gives a symbolic-zero output tangent.
    """
    (operand,), (tangent,) = primals, tangents
    result = custom_reduce_sum_p.bind(operand, axis=axis)
    if isinstance(tangent, ad.Zero):
        return result, ad.Zero.from_primal_value(result)
    return result, custom_reduce_sum_p.bind(tangent, axis=axis)


def reduce_sum_transpose(cotangent, operand, *, axis):
    """Transpose: every input element that was summed gets the output cotangent."""
    if isinstance(cotangent, ad.Zero):
        return (ad.Zero(operand.aval),)
    kept = tuple(d for d in range(len(operand.aval.shape)) if d not in axis)
    return (jax.lax.broadcast_in_dim(cotangent, operand.aval.shape, kept),)


def reduce_sum_batch(batched_args, batch_dims, *, axis):
    """Batching: move the batch axis first, shift the summed axes past it."""
    (operand,), (bdim,) = batched_args, batch_dims
    operand = jax.lax.transpose(operand, (bdim, *[d for d in range(operand.ndim) if d != bdim]))
    return custom_reduce_sum_p.bind(operand, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
