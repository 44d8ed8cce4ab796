def _gammaln_host(x):
    """log Gamma on the host: the log of SciPy's Gamma function.

    Parameters
    ----------
    x : ndarray
        float32 values.

    Returns
    -------
    ndarray
        Same shape and dtype as ``x``.
    """
    return np.log(sps.gamma(x)).astype(x.dtype)


def _digamma_host(x):
    """SciPy's digamma on the host.

    Parameters
    ----------
    x : ndarray

    Returns
    -------
    ndarray
        psi(x), same dtype as ``x``.
    """
    return sps.digamma(x).astype(x.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x) element-wise through ``jax.pure_callback``.

    Parameters
    ----------
    x : float32 array of any shape

    Returns
    -------
    float32 array, same shape
    """
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_gammaln_host, spec, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    """d/dx log Gamma(x) = digamma(x)."""
    x, = primals
    x_dot, = tangents
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    psi = jax.pure_callback(_digamma_host, spec, x, vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
