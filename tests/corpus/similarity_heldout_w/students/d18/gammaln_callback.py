# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def wirt_aufruf(funktion, x):
    """Eine SciPy-ufunc elementweise auf dem Host auswerten."""
    ergebnis_typ = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda feld: funktion(feld).astype(feld.dtype), ergebnis_typ, x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x) ueber scipy.special.gammaln."""
    return wirt_aufruf(sps.gammaln, x)


@gammaln_cb.defjvp
def _ableitung(primale, tangenten):
    """Ableitung von log Gamma ist die Digamma-Funktion."""
    (x,), (dx,) = primale, tangenten
    return gammaln_cb(x), wirt_aufruf(sps.digamma, x) * dx
