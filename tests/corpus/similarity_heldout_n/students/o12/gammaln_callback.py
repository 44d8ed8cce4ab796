# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def call_scipy_function_on_host(scipy_function, input_array):
    result_shape_and_dtype = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)

    def host_function(numpy_array):
        return np.asarray(scipy_function(numpy_array), dtype=numpy_array.dtype)

    return jax.pure_callback(host_function, result_shape_and_dtype, input_array, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return call_scipy_function_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp_rule(primal_values, tangent_values):
    primal_input, = primal_values
    tangent_input, = tangent_values
    primal_output = gammaln_cb(primal_input)
    digamma_values = call_scipy_function_on_host(sps.digamma, primal_input)
    return primal_output, digamma_values * tangent_input
