from typing import Final


def summe_jvp(primals, tangents, *, axis):
    """Die Summe ist linear: die Tangente wird genauso summiert."""
    (x,), (t,) = primals, tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if isinstance(t, ad.Zero):
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def summe_transponiert(ct, x, *, axis):
    """Kotangente zurueck auf die Eingabeform verbreitern."""
    form = x.aval.shape
    if isinstance(ct, ad.Zero):
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(ct, tuple(axis)), form),)


def summe_batch(args, dims, *, axis):
    (x,), (bd,) = args, dims
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


PRIM: Final = custom_reduce_sum_p
ad.primitive_jvps[PRIM] = summe_jvp
ad.primitive_transposes[PRIM] = summe_transponiert
batching.primitive_batchers[PRIM] = summe_batch
