# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
# 0. 输出的形状和 dtype
def 规格(x):
    return jax.ShapeDtypeStruct(x.shape, jnp.float32)


# 1. 前向:pure_callback 调 sps.gammaln
@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(np.float32), 规格(x), x, vmap_method="expand_dims")


# 2. ψ(x) 单独一个函数
def 双伽马(x):
    return jax.pure_callback(lambda a: sps.digamma(a).astype(np.float32), 规格(x), x, vmap_method="expand_dims")


# 3. 导数:ψ(x) 乘切线
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    return gammaln_cb(x), 双伽马(x) * x_dot
