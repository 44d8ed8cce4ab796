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
    kept = [i for i in range(len(shape)) if i not in axis]  # where ct's dims land
    return (lax.broadcast_in_dim(ct, shape, tuple(kept)),)


def _reduce_sum_batch(args, dims, *, axis):
    """Batch axis to the front, per-example axes shifted by one."""
    x, = args
    bd, = dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = _reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = _reduce_sum_batch
