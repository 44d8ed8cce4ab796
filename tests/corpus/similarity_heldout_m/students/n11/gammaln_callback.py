# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _主机(fn):
    """把 SciPy 函数包成保持 dtype 的主机函数。"""
    return lambda a: np.asarray(fn(a), dtype=a.dtype)


def _回调(fn, x):
    """经 pure_callback 在主机上求值。"""
    return jax.pure_callback(_主机(fn), jax.ShapeDtypeStruct(jnp.shape(x), x.dtype), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    """lgamma,前向在主机上算。"""
    return _回调(sps.gammaln, x)


@gammaln_cb.defjvp
def gammaln_cb_jvp(原, 切):
    """导数是 digamma。"""
    x, = 原
    dx, = 切
    return gammaln_cb(x), lax.mul(_回调(sps.digamma, x), dx)


from jax import lax
