# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _spec(x) -> jax.ShapeDtypeStruct:
    """Result description: same shape and dtype as x."""
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    """log Gamma(x) evaluated by SciPy on the host."""
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), _spec(x), x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    """d gammaln = digamma(x) dx, digamma also from SciPy."""
    (x,), (dx,) = primals, tangents
    psi = jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), _spec(x), x)
    return gammaln_cb(x), psi * dx
