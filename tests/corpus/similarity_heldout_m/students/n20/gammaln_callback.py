# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def 主机伽马(a):
    return np.asarray(sps.gammaln(a), dtype=a.dtype)


def 主机双伽马(a):
    return np.asarray(sps.digamma(a), dtype=a.dtype)


@jax.custom_jvp
def gammaln_cb(x):
    # 前向:lgamma 在主机上算
    return jax.pure_callback(主机伽马, jax.ShapeDtypeStruct(jnp.shape(x), x.dtype), x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def gammaln_cb_jvp(原, 切):
    x, = 原
    dx, = 切
    导 = jax.pure_callback(主机双伽马, jax.ShapeDtypeStruct(jnp.shape(x), x.dtype), x, vmap_method="broadcast_all")
    return gammaln_cb(x), lax.mul(导, dx)


from jax import lax
