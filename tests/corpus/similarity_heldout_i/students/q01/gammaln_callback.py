# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def make_host_function(scipy_function):
    """Wrap a SciPy ufunc so it returns the dtype of its input."""
    def host_function(host_values: np.ndarray) -> np.ndarray:
        return np.asarray(scipy_function(host_values), dtype=host_values.dtype)
    return host_function


host_gammaln = make_host_function(sps.gammaln)
host_digamma = make_host_function(sps.digamma)


def call_on_host(host_function, values):
    result_shape = jax.ShapeDtypeStruct(jnp.shape(values), jnp.result_type(values))
    return jax.pure_callback(host_function, result_shape, values, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return call_on_host(host_gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (primal_value,) = primals
    (tangent_value,) = tangents
    # d/dx log Gamma(x) = digamma(x)
    return gammaln_cb(primal_value), call_on_host(host_digamma, primal_value) * tangent_value
