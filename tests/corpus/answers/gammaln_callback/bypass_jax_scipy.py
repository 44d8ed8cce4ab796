# Bypass: JAX's own gammaln / digamma, no SciPy callback at all.
@jax.custom_jvp
def gammaln_cb(x):
    return jax.scipy.special.gammaln(x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), jax.scipy.special.digamma(x) * t
