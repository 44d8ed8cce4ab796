# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _主机函数(ufunc):
    """把 SciPy ufunc 包成返回 float32 的主机函数。"""
    def 主机(a):
        return np.float32(ufunc(a)) if np.ndim(a) == 0 else ufunc(a).astype(np.float32)
    return 主机


def _经回调(ufunc, x):
    """用 pure_callback 在主机上逐元素计算 ufunc(x)。"""
    规格 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_主机函数(ufunc), 规格, x, vmap_method="expand_dims")


gammaln_cb = jax.custom_jvp(lambda x: _经回调(sps.gammaln, x))


def _导数(primals, tangents):
    """logΓ 的导数是 ψ。"""
    x, = primals
    t, = tangents
    return gammaln_cb(x), _经回调(sps.digamma, x) * t


gammaln_cb.defjvp(_导数)
