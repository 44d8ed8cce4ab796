# 在这里为 custom_reduce_sum_p 注册三条规则:
def reduce_sum_jvp(primals, tangents, *, axis):
    """y = sum(x), y_dot = sum(x_dot); a symbolic zero tangent gives a symbolic zero."""
    x, = primals
    x_dot, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(x_dot) is ad.Zero:
        y_dot = ad.Zero(jax.typeof(y).to_tangent_aval())
    else:
        y_dot = custom_reduce_sum_p.bind(x_dot, axis=axis)
    return y, y_dot


def reduce_sum_transpose(ct, x, *, axis):
    """The cotangent broadcast back to x's shape (length-1 axes at the summed positions first)."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    axes = canonical_axes(axis, len(x.aval.shape))
    return (jnp.broadcast_to(jnp.expand_dims(ct, axes), x.aval.shape),)


def reduce_sum_batch(batched_args, batch_dims, *, axis):
    """Batch axis stays where it is; per-example axes >= bd move one to the right."""
    x, = batched_args
    bd, = batch_dims
    full_axes = tuple(a if a < bd else a + 1 for a in axis)
    out_bd = bd - len([a for a in full_axes if a < bd])
    return custom_reduce_sum_p.bind(x, axis=full_axes), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
