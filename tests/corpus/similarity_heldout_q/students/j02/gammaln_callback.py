# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def host_gammaln(values):
    # SciPy 在主机上计算,结果转回输入的 dtype
    return sps.gammaln(values).astype(values.dtype)


def host_digamma(values):
    return sps.digamma(values).astype(values.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_gammaln, result_shape, x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    # 导数:gammaln' = digamma
    derivative = jax.pure_callback(host_digamma, result_shape, x, vmap_method="broadcast_all")
    return gammaln_cb(x), derivative * x_dot
