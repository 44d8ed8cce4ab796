def reduce_sum_jvp_rule(primals, tangents, *, axis):
    """
    Parameters
    ----------
    primals, tangents : one-element sequences
    axis : sorted tuple of summed axes
    """
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose_rule(ct, x, *, axis):
    """Cotangent of the input: ct repeated along the summed axes."""
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, tuple(axis)), x.aval.shape),)


def reduce_sum_batching_rule(batched_args, batch_dims, *, axis):
    """Batch axis kept where it is; the summed axes after it move one to the right."""
    x, = batched_args
    bd, = batch_dims
    moved = tuple(a + 1 if a >= bd else a for a in axis)
    out_bd = bd - sum(1 for a in axis if a < bd)
    return custom_reduce_sum_p.bind(x, axis=moved), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batching_rule
