# Batching, transpose and JVP rules for custom_reduce_sum_p.


def _reduce_sum_batch(batched_args: tuple, batch_dims: tuple, *, axis: tuple[int, ...]) -> tuple:
    (operand,), (batch_dim,) = batched_args, batch_dims
    # move the batch axis to the front, so every per-example axis moves up by one
    operand = jnp.moveaxis(operand, batch_dim, 0)
    shifted_axes = tuple(a + 1 for a in axis)
    return custom_reduce_sum_p.bind(operand, axis=shifted_axes), 0


def _reduce_sum_transpose(cotangent, operand, *, axis: tuple[int, ...]) -> tuple:
    assert ad.is_undefined_primal(operand)
    input_shape = operand.aval.shape
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    # put length-1 axes back where the sum removed them, then broadcast to the input shape
    return (jnp.broadcast_to(jnp.expand_dims(cotangent, axis), input_shape),)


def _reduce_sum_jvp(primals: tuple, tangents: tuple, *, axis: tuple[int, ...]) -> tuple:
    (operand,), (operand_tangent,) = primals, tangents
    primal_out = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(operand_tangent) is ad.Zero:
        # symbolic zero in, symbolic zero out (with the output's tangent aval)
        return primal_out, ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    # the sum is linear: the tangent is summed over the same axes
    return primal_out, custom_reduce_sum_p.bind(operand_tangent, axis=axis)


batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
