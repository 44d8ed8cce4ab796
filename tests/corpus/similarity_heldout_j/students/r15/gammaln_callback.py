# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _主机(函数):
    # 返回一个在主机上逐元素计算、输出 float32 的函数
    return lambda 数组: np.array([函数(v) for v in np.ravel(数组)], dtype=np.float32).reshape(np.shape(数组))


def _回调(函数, x):
    return jax.pure_callback(_主机(函数), jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _回调(sps.gammaln, x)


@gammaln_cb.defjvp
def _(主值, 切线):
    # 导数 = digamma(x) * 切线
    return gammaln_cb(主值[0]), _回调(sps.digamma, 主值[0]) * 切线[0]
