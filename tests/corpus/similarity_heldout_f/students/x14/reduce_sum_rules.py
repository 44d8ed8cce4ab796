# Exercise 1: JVP, transpose and batching rules of custom_reduce_sum_p.
from jax import lax


def custom_reduce_sum_jvp(primals, tangents, *, axis: tuple[int, ...]):
    (operand,), (operand_tangent,) = primals, tangents
    result = custom_reduce_sum_p.bind(operand, axis=axis)
    if type(operand_tangent) is ad.Zero:
        return result, ad.Zero(jax.typeof(result).to_tangent_aval())
    return result, custom_reduce_sum_p.bind(operand_tangent, axis=axis)


def custom_reduce_sum_transpose(cotangent, operand, *, axis: tuple[int, ...]):
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    operand_shape = operand.aval.shape
    # broadcast_in_dim maps the cotangent's dimensions onto the axes that were not summed
    surviving_dimensions = tuple(d for d in range(len(operand_shape)) if d not in axis)
    return (lax.broadcast_in_dim(cotangent, operand_shape, surviving_dimensions),)


def custom_reduce_sum_batch(batched_operands, batch_dimensions, *, axis: tuple[int, ...]):
    (operand,), (batch_dimension,) = batched_operands, batch_dimensions
    # Put the batch axis last: the per-example axis numbers then stay valid unchanged.
    operand_batch_last = jnp.moveaxis(operand, batch_dimension, -1)
    result = custom_reduce_sum_p.bind(operand_batch_last, axis=axis)
    return result, result.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = custom_reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = custom_reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = custom_reduce_sum_batch
