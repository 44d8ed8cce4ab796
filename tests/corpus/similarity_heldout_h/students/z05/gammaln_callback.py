# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。


def 主机上算(名字, 输入):
    """按名字取 scipy.special 里的函数,在主机上逐元素计算。"""
    函数 = getattr(sps, 名字)
    结果形状 = jax.ShapeDtypeStruct(输入.shape, jnp.float32)
    return jax.pure_callback(lambda 数组: 函数(数组).astype(np.float32), 结果形状, 输入,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x)。"""
    return 主机上算("gammaln", x)


@gammaln_cb.defjvp
def _导数(primals, tangents):
    (x,), (切线,) = primals, tangents
    # d/dx log Gamma(x) = digamma(x)
    return gammaln_cb(x), 主机上算("digamma", x) * 切线
