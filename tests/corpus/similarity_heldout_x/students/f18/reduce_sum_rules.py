def _jvp(primals, tangents, *, axis):
    x, t = primals[0], tangents[0]
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    # None re-inserts a summed axis, slice(None) keeps a surviving one
    index = tuple(None if i in axis else slice(None) for i in range(len(shape)))
    return (jnp.broadcast_to(ct[index], shape),)


def _batch(args, dims, *, axis):
    x, bd = args[0], dims[0]
    if bd != 0:
        x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
