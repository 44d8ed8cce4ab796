def _jvp(primals, tangents, *, axis):
    x, = primals
    t, = tangents
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transpose(ct, x, *, axis):
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    shape = x.aval.shape
    keepdims = tuple(1 if d in axis else n for d, n in enumerate(shape))
    return (jnp.broadcast_to(jnp.reshape(ct, keepdims), shape),)


def _toplu_kural(argumanlar, boyutlar, *, axis):
    (x,), (bd,) = argumanlar, boyutlar
    # toplu ekseni sona taşı; örneğin eksenleri yerinde kalır
    x = jnp.moveaxis(x, bd, -1)
    cikti = custom_reduce_sum_p.bind(x, axis=axis)
    # çıktıda toplu eksen yine en sonda
    return cikti, cikti.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = _jvp
ad.primitive_transposes[custom_reduce_sum_p] = _transpose
batching.primitive_batchers[custom_reduce_sum_p] = _toplu_kural
