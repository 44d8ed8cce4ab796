# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def call_scipy_on_host(scipy_function, input_array):
    # 在主机上调用 SciPy,结果转成 float32,形状和输入一样
    result_type = jax.ShapeDtypeStruct(input_array.shape, jnp.float32)

    def host_side(numpy_array):
        return np.asarray(scipy_function(numpy_array), dtype=np.float32)

    return jax.pure_callback(host_side, result_type, input_array, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return call_scipy_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_derivative(primal_inputs, tangent_inputs):
    # log Gamma 的导数是 digamma
    (input_value,) = primal_inputs
    (input_tangent,) = tangent_inputs
    output_value = gammaln_cb(input_value)
    output_tangent = call_scipy_on_host(sps.digamma, input_value) * input_tangent
    return output_value, output_tangent
