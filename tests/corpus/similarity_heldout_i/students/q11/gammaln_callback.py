# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
@jax.custom_jvp
def gammaln_cb(x):
    """log|Γ(x)|。"""
    规格 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), 规格, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    """导数是 digamma(x)。"""
    x, = primals
    t, = tangents
    规格 = jax.ShapeDtypeStruct(x.shape, x.dtype)
    导数 = jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), 规格, x, vmap_method="expand_dims")
    return gammaln_cb(x), 导数 * t
