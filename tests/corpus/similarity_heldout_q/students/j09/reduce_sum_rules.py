def _jvp_rule(primals, tangents, *, axis):
    """JVP: the sum is linear.

    Args:
        primals: (x,).
        tangents: (t,).
        axis: summed axes.

    Returns:
        (sum of x, sum of t).
    """
    (x,), (t,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return out, ad.Zero.from_primal_value(out)
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose_rule(ct, x, *, axis):
    """Transpose: broadcast the cotangent back over the summed axes.

    Args:
        ct: output cotangent.
        x: the undefined primal input.
        axis: summed axes.

    Returns:
        (input cotangent,).
    """
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    kept = [n for i, n in enumerate(shape) if i not in axis]
    ct = ct.reshape([1 if i in axis else n for i, n in enumerate(shape)])
    assert len(kept) == len(shape) - len(axis)
    return (jnp.broadcast_to(ct, shape),)


def _batch_rule(args, dims, *, axis):
    """Batching: move the batch axis to 0 and shift the summed axes.

    Args:
        args: (x,).
        dims: (batch dim,).
        axis: summed axes.

    Returns:
        (batched output, 0).
    """
    x = jnp.moveaxis(args[0], dims[0], 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_rule
ad.primitive_transposes[custom_reduce_sum_p] = _transpose_rule
batching.primitive_batchers[custom_reduce_sum_p] = _batch_rule
