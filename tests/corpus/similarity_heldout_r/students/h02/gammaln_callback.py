# 在主机上调用 SciPy 的函数,结果转回输入的 dtype
def call_scipy_on_host(scipy_function, input_array):
    result_shape = jax.ShapeDtypeStruct(input_array.shape, input_array.dtype)

    def host_function(host_array):
        return np.asarray(scipy_function(host_array)).astype(host_array.dtype)

    return jax.pure_callback(host_function, result_shape, input_array, vmap_method="broadcast_all")


# 前向:gammaln
@jax.custom_jvp
def gammaln_cb(x):
    return call_scipy_on_host(sps.gammaln, x)


# 导数:digamma 乘切向量
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    primal_output = gammaln_cb(x)
    tangent_output = call_scipy_on_host(sps.digamma, x) * x_dot
    return primal_output, tangent_output
