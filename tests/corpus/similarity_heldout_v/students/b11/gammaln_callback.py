# log Gamma et digamma calculés par SciPy sur l'hôte
def _hote(fonction):
    def appel(a):
        return fonction(a).astype(np.float32)
    return appel


def _rappel(fonction, x):
    forme = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    # les ufuncs de SciPy acceptent n'importe quelle forme : broadcast_all suffit
    return jax.pure_callback(_hote(fonction), forme, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _rappel(sps.gammaln, x)


@gammaln_cb.defjvp
def _derivee(primaux, tangentes):
    x, = primaux
    dx, = tangentes
    # d/dx log Gamma(x) = digamma(x)
    return gammaln_cb(x), _rappel(sps.digamma, x) * dx
