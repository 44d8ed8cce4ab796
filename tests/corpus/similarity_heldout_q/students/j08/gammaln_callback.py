def compute_log_gamma_on_host_with_scipy(host_array):
    return sps.gammaln(host_array).astype(host_array.dtype)


def compute_digamma_on_host_with_scipy(host_array):
    return sps.digamma(host_array).astype(host_array.dtype)


def call_host_function_through_pure_callback(host_function, device_array):
    result_shape_and_dtype = jax.ShapeDtypeStruct(device_array.shape, device_array.dtype)
    return jax.pure_callback(host_function, result_shape_and_dtype, device_array,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return call_host_function_through_pure_callback(compute_log_gamma_on_host_with_scipy, x)


@gammaln_cb.defjvp
def gammaln_cb_forward_mode_rule(primal_inputs, tangent_inputs):
    (input_value,) = primal_inputs
    (input_tangent,) = tangent_inputs
    derivative_of_log_gamma = call_host_function_through_pure_callback(
        compute_digamma_on_host_with_scipy, input_value)
    return gammaln_cb(input_value), derivative_of_log_gamma * input_tangent
