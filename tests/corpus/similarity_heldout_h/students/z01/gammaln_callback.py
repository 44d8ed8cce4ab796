# Define gammaln_cb(x) with @jax.custom_jvp; forward and derivative both go through pure_callback.


def _host_gammaln(values: np.ndarray) -> np.ndarray:
    return sps.gammaln(values).astype(np.float32)


def _host_digamma(values: np.ndarray) -> np.ndarray:
    return sps.digamma(values).astype(np.float32)


def _call_on_host(host_function, operand: jax.Array) -> jax.Array:
    # the result has the operand's shape; SciPy ufuncs accept any batch shape
    result_shape = jax.ShapeDtypeStruct(operand.shape, jnp.float32)
    return jax.pure_callback(host_function, result_shape, operand, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _call_on_host(_host_gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (primal_input,), (input_tangent,) = primals, tangents
    # d/dx log Gamma(x) = digamma(x)
    return gammaln_cb(primal_input), _call_on_host(_host_digamma, primal_input) * input_tangent
