import scipy.special as sps


def _op_gastheer(functie, x):
    """Roept een SciPy-functie aan op de host en geeft float32 terug."""
    vorm = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: functie(a).astype(a.dtype), vorm, x, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _op_gastheer(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_afgeleide(primalen, raaklijnen):
    (x,), (dx,) = primalen, raaklijnen
    # d/dx log Γ(x) = digamma(x)
    return gammaln_cb(x), _op_gastheer(sps.digamma, x) * dx
