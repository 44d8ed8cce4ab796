# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
_回调 = partial(jax.pure_callback, vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    # 前向:SciPy 的 gammaln
    return _回调(lambda a: sps.gammaln(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@gammaln_cb.defjvp
def _(primals, tangents):
    (x,), (t,) = primals, tangents
    # 导数:digamma
    斜率 = _回调(lambda a: sps.digamma(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return gammaln_cb(x), 斜率 * t
