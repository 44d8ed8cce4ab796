# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def log_gamma_on_host(numpy_array):
    """Host-side log Gamma; the result is cast to the float32 the callback declared."""
    return np.asarray(sps.gammaln(numpy_array), dtype=np.float32)


def digamma_on_host(numpy_array):
    """Host-side digamma (the derivative of log Gamma), as float32."""
    return np.asarray(sps.digamma(numpy_array), dtype=np.float32)


def call_host_elementwise(host_function, argument):
    """Run an element-wise host function through pure_callback; batches are passed whole."""
    result_description = jax.ShapeDtypeStruct(jnp.shape(argument), jnp.float32)
    return jax.pure_callback(host_function, result_description, argument, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    """Element-wise log Gamma of a float32 array, computed by SciPy."""
    return call_host_elementwise(log_gamma_on_host, x)


@gammaln_cb.defjvp
def gammaln_cb_derivative(primal_arguments, tangent_arguments):
    """Tangent rule: y_dot = digamma(x) * x_dot."""
    argument, = primal_arguments
    argument_tangent, = tangent_arguments
    return gammaln_cb(argument), call_host_elementwise(digamma_on_host, argument) * argument_tangent
