# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _对数伽马(a):
    """主机上:log Gamma,float32。"""
    return np.asarray(sps.gammaln(a), np.float32)


def _双伽马(a):
    """主机上:digamma,float32。"""
    return np.asarray(sps.digamma(a), np.float32)


def _经回调(主机函数, x):
    """经 pure_callback 调主机函数;vmap 时整批调用一次。"""
    return jax.pure_callback(主机函数, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    """逐元素 log Gamma。"""
    return _经回调(_对数伽马, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(原值, 切线):
    """导数是 digamma。"""
    x, = 原值
    dx, = 切线
    return gammaln_cb(x), _经回调(_双伽马, x) * dx
