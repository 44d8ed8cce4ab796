# 在这里为 custom_reduce_sum_p 注册三条规则:
#   ad.primitive_jvps[custom_reduce_sum_p] = <JVP 规则>
#   ad.primitive_transposes[custom_reduce_sum_p] = <转置规则>
#   batching.primitive_batchers[custom_reduce_sum_p] = <batching 规则>
from jax import lax


def reduce_sum_jvp(primals, tangents, *, axis):
    (x,) = primals
    (tangent,) = tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    tangent = ad.instantiate_zeros(tangent)
    return out, custom_reduce_sum_p.bind(tangent, axis=axis)


def reduce_sum_transpose(cotangent, x, *, axis):
    in_shape = x.aval.shape
    if type(cotangent) is ad.Zero:
        return (ad.Zero(x.aval),)
    # the cotangent keeps the dimensions that were not summed away
    kept_dims = tuple(d for d in range(len(in_shape)) if d not in axis)
    return (lax.broadcast_in_dim(cotangent, in_shape, kept_dims),)


def reduce_sum_batch(args, dims, *, axis):
    (x,) = args
    (batch_dim,) = dims
    # batch axis to the front with an explicit permutation
    permutation = (batch_dim,) + tuple(d for d in range(x.ndim) if d != batch_dim)
    x = lax.transpose(x, permutation)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
