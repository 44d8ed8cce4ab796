# Correct, written differently: the batch dimension stays where it is; reduced axes are renumbered
# around it and the output batch dimension is recomputed. Transpose via lax.broadcast_in_dim.
from jax import lax


def reduce_sum_jvp_rule(primals, tangents, *, axis):
    (x,), (x_dot,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    x_dot = ad.instantiate_zeros(x_dot)
    return out, custom_reduce_sum_p.bind(x_dot, axis=axis)


def reduce_sum_transpose_rule(cotangent, operand, *, axis):
    in_shape = operand.aval.shape
    cotangent = ad.instantiate_zeros(cotangent)
    kept = tuple(i for i in range(len(in_shape)) if i not in axis)
    return [lax.broadcast_in_dim(cotangent, in_shape, kept)]


def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    (x,), (bdim,) = batched_args, batch_dims
    moved = tuple(a if a < bdim else a + 1 for a in axis)
    out_bdim = bdim - sum(1 for a in moved if a < bdim)
    return custom_reduce_sum_p.bind(x, axis=moved), out_bdim


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
