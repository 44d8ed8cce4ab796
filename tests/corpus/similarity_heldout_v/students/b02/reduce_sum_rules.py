def reduce_sum_jvp(primals, tangents, *, axis):
    """JVP of the sum.

    Parameters
    ----------
    primals, tangents : tuple
        One operand each; the tangent may be ``ad.Zero``.
    axis : tuple of int
        Sorted axes summed over.

    Returns
    -------
    tuple
        ``(primal_out, tangent_out)``.
    """
    x, = primals
    t, = tangents
    primal_out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return primal_out, ad.Zero(jax.typeof(primal_out).to_tangent_aval())
    return primal_out, custom_reduce_sum_p.bind(t, axis=axis)


def reduce_sum_transpose(ct, x, *, axis):
    """Broadcast the cotangent back to the operand's shape.

    Parameters
    ----------
    ct : array or ad.Zero
        Cotangent of the output.
    x : ad.UndefinedPrimal
        The linear operand.

    Returns
    -------
    tuple
        One cotangent per operand.
    """
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keep = tuple(1 if i in axis else n for i, n in enumerate(shape))
    return (jnp.broadcast_to(jnp.reshape(ct, keep), shape),)


def reduce_sum_batch(batched_args, batch_dims, *, axis):
    """Batching rule: batch axis to the front, sample axes shifted by one.

    Returns
    -------
    tuple
        ``(out, 0)``.
    """
    x, = batched_args
    bd, = batch_dims
    moved = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(moved, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = reduce_sum_jvp
ad.primitive_transposes[custom_reduce_sum_p] = reduce_sum_transpose
batching.primitive_batchers[custom_reduce_sum_p] = reduce_sum_batch
