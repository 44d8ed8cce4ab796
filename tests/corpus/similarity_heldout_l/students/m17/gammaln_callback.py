# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
# 1. 前向:pure_callback 调 sps.gammaln
@jax.custom_jvp
def gammaln_cb(x):
    sds = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(np.float32), sds, x, vmap_method="expand_dims")


# 2. 导数:pure_callback 调 sps.digamma,再乘切线
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    sds = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(lambda a: sps.digamma(a).astype(np.float32), sds, x, vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
