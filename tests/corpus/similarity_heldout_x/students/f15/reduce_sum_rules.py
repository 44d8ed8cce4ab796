def _jvp_soma(primais, tangentes, *, axis):
    """JVP: a soma é linear, então a tangente de saída é a soma da tangente."""
    (x,), (t,) = primais, tangentes
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _transposta_soma(cotangente, x, *, axis):
    """Transposta: espalha a cotangente de volta para a forma da entrada."""
    if type(cotangente) is ad.Zero:
        return (ad.Zero(x.aval),)
    forma = x.aval.shape
    return (jnp.broadcast_to(jnp.expand_dims(cotangente, axis), forma),)


def _lote_soma(argumentos, dimensoes, *, axis):
    """Batching: o eixo do lote vai para o fim, e os eixos de cada amostra não mudam de número."""
    (x,), (bd,) = argumentos, dimensoes
    x = jnp.moveaxis(x, bd, -1)
    y = custom_reduce_sum_p.bind(x, axis=axis)
    return y, y.ndim - 1


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_soma
ad.primitive_transposes[custom_reduce_sum_p] = _transposta_soma
batching.primitive_batchers[custom_reduce_sum_p] = _lote_soma
