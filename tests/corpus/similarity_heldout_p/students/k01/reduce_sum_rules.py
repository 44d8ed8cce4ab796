def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    t = ad.instantiate_zeros(t)  # a symbolic zero tangent becomes real zeros
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    shp = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), shp),)  # put summed dims back, then copy along them


def _batch(args, dims, *, axis):
    (x,), (b,) = args, dims
    x = jnp.moveaxis(x, b, 0)  # batch dim first
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0  # shift summed axes by one


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
