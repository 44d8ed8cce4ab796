# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def evaluate_scipy_function_on_host(scipy_function, input_array):
    # The callback receives NumPy arrays; the declared result dtype is float32.
    result_shape_and_dtype = jax.ShapeDtypeStruct(input_array.shape, jnp.float32)

    def host_side(numpy_array):
        return np.asarray(scipy_function(numpy_array)).astype(np.float32)

    return jax.pure_callback(host_side, result_shape_and_dtype, input_array, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return evaluate_scipy_function_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_derivative(primal_values, tangent_values):
    input_value, = primal_values
    input_tangent, = tangent_values
    output_value = gammaln_cb(input_value)
    # d/dx log Gamma(x) = digamma(x)
    derivative = evaluate_scipy_function_on_host(sps.digamma, input_value)
    return output_value, derivative * input_tangent
