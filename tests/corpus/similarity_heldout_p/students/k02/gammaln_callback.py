# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def call_scipy_on_host(scipy_function, x):
    # 结果的形状和 dtype 与输入相同
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def host_function(array):
        return scipy_function(array).astype(array.dtype)

    return jax.pure_callback(host_function, result_shape, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return call_scipy_on_host(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    # gammaln 的导数是 digamma
    derivative = call_scipy_on_host(sps.digamma, x)
    return gammaln_cb(x), derivative * x_dot
