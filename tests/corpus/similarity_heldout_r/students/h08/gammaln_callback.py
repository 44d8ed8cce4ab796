def evaluate_scipy_function_on_host(scipy_special_function, input_array_on_device):
    expected_result_shape_and_dtype = jax.ShapeDtypeStruct(input_array_on_device.shape, input_array_on_device.dtype)

    def run_scipy_on_numpy_array(numpy_input_array):
        return np.asarray(scipy_special_function(numpy_input_array), dtype=numpy_input_array.dtype)

    return jax.pure_callback(run_scipy_on_numpy_array, expected_result_shape_and_dtype, input_array_on_device,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return evaluate_scipy_function_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jacobian_vector_product(primal_inputs, tangent_inputs):
    (primal_input,) = primal_inputs
    (tangent_input,) = tangent_inputs
    derivative_of_gammaln = evaluate_scipy_function_on_host(sps.digamma, primal_input)
    return gammaln_cb(primal_input), derivative_of_gammaln * tangent_input
