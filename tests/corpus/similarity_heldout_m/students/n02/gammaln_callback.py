# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def 主机_gammaln(a):
    return sps.gammaln(a).astype(a.dtype)


def 主机_digamma(a):
    return sps.digamma(a).astype(a.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    # 前向:回调到 SciPy
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(主机_gammaln, out, x, vmap_method='expand_dims')


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    # 导数是 digamma,同样走回调
    d = jax.pure_callback(主机_digamma, out, x, vmap_method='expand_dims')
    return gammaln_cb(x), d * t
