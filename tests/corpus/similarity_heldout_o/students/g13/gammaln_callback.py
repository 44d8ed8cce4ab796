# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def run_scipy_function_on_host(scipy_function, input_array):
    output_shape_and_dtype = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)

    def host_side_computation(host_array):
        host_result = scipy_function(host_array)
        return np.asarray(host_result).astype(host_array.dtype)

    return jax.pure_callback(host_side_computation, output_shape_and_dtype, input_array,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return run_scipy_function_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primal_inputs, tangent_inputs):
    input_array, = primal_inputs
    input_tangent, = tangent_inputs
    primal_output = gammaln_cb(input_array)
    derivative_values = run_scipy_function_on_host(sps.digamma, input_array)
    return primal_output, derivative_values * input_tangent
