from jax import lax


def _reduce_sum_jvp(primals, tangents, *, axis):
    """Sum is linear: the output tangent is the tangent summed over the same axes."""
    x, = primals
    xdot, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(xdot) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(xdot, axis=axis)


def _reduce_sum_transpose(ct, x, *, axis):
    """Broadcast the cotangent back to x's shape along the summed axes."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    kept = [i for i in range(len(shape)) if i not in axis]
    return (lax.broadcast_in_dim(ct, shape, tuple(kept)),)


def _reduce_sum_batch(args, dims, *, axis):
    """Batch dim stays where it is; axes at or after it shift by one."""
    x, = args
    bd, = dims
    axis_b = tuple(a if a < bd else a + 1 for a in axis)
    out_bd = bd - len([a for a in axis_b if a < bd])
    return custom_reduce_sum_p.bind(x, axis=axis_b), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
