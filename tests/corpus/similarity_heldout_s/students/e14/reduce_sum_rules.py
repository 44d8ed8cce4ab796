def _jvp(primals, tangents, *, axis):
    assert len(primals) == len(tangents) == 1
    y = custom_reduce_sum_p.bind(primals[0], axis=axis)
    if isinstance(tangents[0], ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(tangents[0], axis=axis)


def _transpose(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    try:
        grown = jnp.expand_dims(ct, axis)
    except ValueError as err:
        raise ValueError(f"cannot transpose custom_reduce_sum over axes {axis}") from err
    return (jnp.broadcast_to(grown, x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    if bd is None:
        return custom_reduce_sum_p.bind(x, axis=axis), None
    front = jnp.rollaxis(x, bd)
    return custom_reduce_sum_p.bind(front, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
