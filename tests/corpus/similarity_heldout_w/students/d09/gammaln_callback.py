# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。


def 主机调用(函数, x):
    """在主机上用 SciPy 逐元素计算,结果转回输入的 dtype。"""
    形状 = jax.ShapeDtypeStruct(jnp.shape(x), x.dtype)

    def 回调(数组):
        # 回调拿到的是 NumPy 数组
        return np.asarray(函数(数组), dtype=数组.dtype)

    # SciPy 的 ufunc 能处理任意形状,所以用 expand_dims
    return jax.pure_callback(回调, 形状, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x),经 pure_callback 调 scipy.special.gammaln。"""
    return 主机调用(sps.gammaln, x)


@gammaln_cb.defjvp
def _导数(原值, 切线):
    # d/dx log Gamma(x) = digamma(x)
    (x,), (dx,) = 原值, 切线
    return gammaln_cb(x), 主机调用(sps.digamma, x) * dx
