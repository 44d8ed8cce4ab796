# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _host(fn):
    # 返回一个在主机上调用 fn 的 JAX 函数
    def call(x):
        out = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
        return jax.pure_callback(lambda v: np.asarray(fn(v), dtype=np.float32), out, x,
                                 vmap_method='expand_dims')
    return call


_lgamma = _host(sps.gammaln)
_psi = _host(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    # 导数 = digamma(x) * dx
    return _lgamma(x), _psi(x) * dx
