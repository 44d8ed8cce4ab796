# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def 主机_gammaln(a):
    return sps.gammaln(a).astype(np.float32)


def 主机_digamma(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    形状 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(主机_gammaln, 形状, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    形状 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    # ψ(x) 也经回调计算
    psi = jax.pure_callback(主机_digamma, 形状, x, vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
