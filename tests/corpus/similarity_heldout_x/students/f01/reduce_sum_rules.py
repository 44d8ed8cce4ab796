from itertools import takewhile


def _jvp(primals, tangents, *, axis):
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, axis), x.aval.shape),)


def _batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    # the batch axis stays where it is; sample axes at or after it move one to the right
    full_axes = tuple(a + (a >= bd) for a in axis)
    # axis is sorted: the summed axes in front of the batch axis are a prefix of it
    before = sum(1 for _ in takewhile(lambda a: a < bd, axis))
    return custom_reduce_sum_p.bind(x, axis=full_axes), bd - before


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _batch
