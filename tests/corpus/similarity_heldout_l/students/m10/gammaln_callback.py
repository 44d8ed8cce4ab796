# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def evaluate_scipy_function_on_host(scipy_function, input_array):
    output_shape_and_dtype = jax.ShapeDtypeStruct(input_array.shape, jnp.float32)

    def host_side_computation(numpy_values):
        return np.asarray(scipy_function(numpy_values), dtype=np.float32)

    return jax.pure_callback(host_side_computation, output_shape_and_dtype, input_array,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return evaluate_scipy_function_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp_rule(primal_values, tangent_values):
    primal_input, = primal_values
    tangent_input, = tangent_values
    primal_output = evaluate_scipy_function_on_host(sps.gammaln, primal_input)
    digamma_values = evaluate_scipy_function_on_host(sps.digamma, primal_input)
    return primal_output, digamma_values * tangent_input
