# 练习 2:SciPy 的 log Gamma
def host_apply(func, x):
    """在主机上调用 SciPy 的 ufunc,返回和 x 相同形状、dtype 的数组。"""
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def on_host(a):
        a64 = np.asarray(a, dtype=np.float64)
        return np.asarray(func(a64), dtype=np.float32)

    return jax.pure_callback(on_host, spec, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return host_apply(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), host_apply(sps.digamma, x) * t
