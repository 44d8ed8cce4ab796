# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _主机调用(函数, x):
    """在主机上用 SciPy 计算,结果与 x 同形状同 dtype。"""
    规格 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: 函数(a).astype(a.dtype), 规格, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    """log|Γ(x)|。"""
    return _主机调用(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """导数是 digamma(x)。"""
    x, = primals
    t, = tangents
    return gammaln_cb(x), _主机调用(sps.digamma, x) * t
