# Reglas de la primitiva de suma: JVP, transpuesta y batching.
def regla_jvp(primales, tangentes, *, axis):
    x, = primales
    t, = tangentes
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def regla_transpuesta(cot, x, *, axis):
    # la suma se transpone difundiendo la cotangente a la forma de entrada
    if type(cot) is ad.Zero:
        return (ad.Zero(x.aval),)
    return (jnp.broadcast_to(jnp.expand_dims(cot, axis), x.aval.shape),)


def regla_lote(args, dims, *, axis):
    x, = args
    d, = dims
    x = jnp.moveaxis(x, d, 0)
    ejes = tuple(e + 1 for e in axis)
    return custom_reduce_sum_p.bind(x, axis=ejes), 0


ad.primitive_jvps[custom_reduce_sum_p] = regla_jvp
ad.primitive_transposes[custom_reduce_sum_p] = regla_transpuesta
batching.primitive_batchers[custom_reduce_sum_p] = regla_lote
