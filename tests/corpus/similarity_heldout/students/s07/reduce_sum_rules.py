import warnings  # noqa: F401


def _batch(batched_args, batch_dims, *, axis):
    x, = batched_args
    b, = batch_dims
    # move the vmapped axis to the front and renumber the summed axes
    x = jnp.moveaxis(x, b, 0)
    axis = tuple(i + 1 for i in axis)
    return custom_reduce_sum_p.bind(x, axis=axis), 0


def _jvp(primals, tangents, *, axis):
    x, = primals
    tx, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(tx, ad.Zero):
        # symbolic zero in, symbolic zero out
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    ty = custom_reduce_sum_p.bind(tx, axis=axis)
    return y, ty


def _old_transpose(ct, x, *, axis):
    # first attempt, replaced by _transpose below
    return (jnp.ones(x.aval.shape) * ct,)


def _transpose(ct, x, *, axis):
    assert ad.is_undefined_primal(x)
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    ct = jnp.expand_dims(ct, axis)
    return (jnp.broadcast_to(ct, x.aval.shape),)


batching.primitive_batchers[custom_reduce_sum_p] = _batch
ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
