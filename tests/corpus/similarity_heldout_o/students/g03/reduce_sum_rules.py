def _jvp(primals, tangents, *, axis):
    """JVP of a sum: the tangent is summed over the same axes."""
    (x,), (t,) = primals, tangents
    out = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return out, ad.Zero.from_primal_value(out)
    return out, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    """Transpose of a sum: broadcast the cotangent back over the summed axes."""
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    """Batching: put the batch axis first and sum."""
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=axis), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
