def reduce_sum_jvp(primals, tangents, *, axis):
    """JVP of the sum: the tangent is summed the same way.

    :param primals: ``(x,)``
    :param tangents: ``(t,)``, possibly a symbolic ``ad.Zero``
    :param axis: sorted tuple of summed axes
    :returns: ``(y, t_out)``
    """
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    """Transpose of the sum: broadcast the cotangent back.

    :param ct: cotangent of the output
    :param x: ``ad.UndefinedPrimal`` of the input
    :returns: one cotangent per operand
    """
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    target_shape = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), target_shape),)


def reduce_sum_batch(args, dims, *, axis):
    """Batching rule: move the batch axis to the end, sample axes stay.

    :returns: ``(out, out_dim)``, the batch axis last in the output
    """
    x = jnp.moveaxis(args[0], dims[0], -1)
    out = custom_reduce_sum_p.bind(x, axis=axis)
    return out, out.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
