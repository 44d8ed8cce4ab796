def _jvp(primals, tangents, *, axis):
    """Sum is linear: the tangent is summed over the same axes by the primitive itself."""
    x, = primals
    x_dot, = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        return primal_out, ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    return primal_out, custom_reduce_sum_p.bind(x_dot, axis=axis)


def _transpose(cotangent, operand, *, axis):
    """Broadcast the cotangent back over the summed axes (the kept axes map one to one)."""
    if type(cotangent) is ad.Zero:
        return (ad.Zero(operand.aval),)
    shape = operand.aval.shape
    kept_dims = tuple(i for i in range(len(shape)) if i not in axis)
    return (jax.lax.broadcast_in_dim(cotangent, shape, kept_dims),)


def _batch(batched_args, batch_dims, *, axis):
    """Leave the batch axis where it is; shift the summed axes that sit at or after it."""
    x, = batched_args
    bd, = batch_dims
    shifted = tuple(a + 1 if a >= bd else a for a in axis)
    out_dim = bd - sum(1 for a in axis if a < bd)
    return custom_reduce_sum_p.bind(x, axis=shifted), out_dim


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
