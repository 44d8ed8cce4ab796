def summe_jvp(primals, tangents, *, axis):
    """Die Summe ist linear: die Tangente wird genauso summiert."""
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def summe_transponiert(ct, x, *, axis):
    """Kotangente zurueck auf die Eingabeform verbreitern."""
    form = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    for a in axis:
        ct = jnp.expand_dims(ct, a)
    return (jnp.broadcast_to(ct, form),)


def summe_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = summe_jvp
ad.primitive_transposes[custom_reduce_sum_p] = summe_transponiert
batching.primitive_batchers[custom_reduce_sum_p] = summe_batch
