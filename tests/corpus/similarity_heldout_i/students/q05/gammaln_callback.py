# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _主机回调(函数, x):
    """在主机上调用 SciPy 函数,输出与 x 同形状同 dtype。"""
    return jax.pure_callback(
        lambda 数组: 函数(数组).astype(数组.dtype),
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
        vmap_method="broadcast_all",
    )


@jax.custom_jvp
def gammaln_cb(x):
    """前向:scipy.special.gammaln。"""
    return _主机回调(sps.gammaln, x)


# 导数:digamma(x) 乘以切向量
gammaln_cb.defjvps(lambda 切向量, 输出, x: _主机回调(sps.digamma, x) * 切向量)
