# Exercise 2: log Gamma on the host through jax.pure_callback, with a custom JVP.

_host_callback = partial(jax.pure_callback, vmap_method="expand_dims")


def _float32_result_like(array: jax.Array) -> jax.ShapeDtypeStruct:
    return jax.ShapeDtypeStruct(array.shape, jnp.float32)


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    """Elementwise log Gamma(x), evaluated by scipy.special.gammaln on the host."""
    return _host_callback(lambda values: np.float32(sps.gammaln(values)).reshape(values.shape),
                          _float32_result_like(x), x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primal_inputs: tuple, tangent_inputs: tuple) -> tuple:
    """d log Gamma(x) = digamma(x) dx, digamma also from scipy on the host."""
    (x,), (x_tangent,) = primal_inputs, tangent_inputs
    digamma_values = _host_callback(lambda values: np.float32(sps.digamma(values)).reshape(values.shape),
                                    _float32_result_like(x), x)
    return gammaln_cb(x), digamma_values * x_tangent
