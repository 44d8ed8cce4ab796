# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _lg(x):
    """主机上的 gammaln。"""
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


def _dg(x):
    """主机上的 digamma。"""
    return jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    """经 pure_callback 的 log Gamma。"""
    return _lg(x)


@gammaln_cb.defjvp
def _jvp(p, t):
    return gammaln_cb(p[0]), _dg(p[0]) * t[0]
