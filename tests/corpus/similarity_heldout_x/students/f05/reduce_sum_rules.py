def _jvp_somma(primali, tangenti, *, axis):
    """La somma è lineare: la tangente in uscita è la somma della tangente."""
    (x,), (t,) = primali, tangenti
    y = custom_reduce_sum_p.bind(x, axis=axis)
    if type(t) is ad.Zero:
        return y, ad.Zero(jax.typeof(y).to_tangent_aval())
    return y, custom_reduce_sum_p.bind(t, axis=axis)


def _trasposta_somma(cot, x, *, axis):
    """Riporta la cotangente alla forma dell'ingresso: gli assi rimasti vanno nelle loro posizioni."""
    if type(cot) is ad.Zero:
        return (ad.Zero(x.aval),)
    forma = x.aval.shape
    rimasti = tuple(i for i in range(len(forma)) if i not in axis)
    return (jax.lax.broadcast_in_dim(cot, forma, broadcast_dimensions=rimasti),)


def _lotto_somma(argomenti, dimensioni, *, axis):
    """L'asse del lotto va in testa; tutti gli assi sommati si spostano di uno."""
    (x,), (bd,) = argomenti, dimensioni
    x = jnp.moveaxis(x, bd, 0)
    return custom_reduce_sum_p.bind(x, axis=tuple(a + 1 for a in axis)), 0


ad.primitive_jvps[custom_reduce_sum_p] = _jvp_somma
ad.primitive_transposes[custom_reduce_sum_p] = _trasposta_somma
batching.primitive_batchers[custom_reduce_sum_p] = _lotto_somma
