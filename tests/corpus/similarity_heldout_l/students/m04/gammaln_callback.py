def _host_gammaln(values):
    """log Gamma on the host, as float32."""
    return np.asarray(sps.gammaln(values), np.float32)


def _host_digamma(values):
    """digamma on the host, as float32."""
    return np.asarray(sps.digamma(values), np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    """Element-wise log Gamma computed by SciPy through jax.pure_callback."""
    result = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_host_gammaln, result, x, vmap_method="sequential")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    """The derivative of log Gamma is digamma, also evaluated by SciPy on the host."""
    x, = primals
    x_dot, = tangents
    result = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    psi = jax.pure_callback(_host_digamma, result, x, vmap_method="sequential")
    return gammaln_cb(x), psi * x_dot
