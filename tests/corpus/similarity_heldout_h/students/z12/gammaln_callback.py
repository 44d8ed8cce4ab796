# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def 对数伽马_主机(数组):
    return np.asarray(sps.gammaln(数组), dtype=np.float32)


def 双伽马_主机(数组):
    return np.asarray(sps.digamma(数组), dtype=np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    形状 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(对数伽马_主机, 形状, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x = primals[0]
    t = tangents[0]
    形状 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    # 导数 = digamma(x) * t
    导数 = jax.pure_callback(双伽马_主机, 形状, x, vmap_method="expand_dims")
    return gammaln_cb(x), 导数 * t
