def _jvp(primals, tangents, *, axis):
    """JVP of a linear reduction.

    Args:
      primals: (x,).
      tangents: (t,).
      axis: the summed axes.

    Returns:
      (sum of x, sum of t).
    """
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    """Transpose: broadcasts the cotangent back over the summed axes.

    Args:
      ct: cotangent of the output.
      x: the undefined primal input.
      axis: the summed axes.

    Returns:
      A one-tuple with the cotangent of x.
    """
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    kept = tuple(i for i in range(len(x.aval.shape)) if i not in axis)
    return (jax.lax.broadcast_in_dim(ct, x.aval.shape, kept),)


def _batch(args, dims, *, axis):
    """Batching rule: keeps the batch axis where it is and remaps the summed axes.

    Args:
      args: (x,).
      dims: (batch axis of x,).
      axis: the summed axes (without the batch axis).

    Returns:
      (result, batch axis of the result).
    """
    (x,), (bd,) = args, dims
    physical = tuple(a if a < bd else a + 1 for a in axis)
    out_bd = bd - sum(1 for a in axis if a < bd)
    return custom_reduce_sum_p.bind(x, axis=physical), out_bd


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
