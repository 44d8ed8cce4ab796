# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def 主机_gammaln(a):
    """在主机上用 SciPy 计算 lnΓ,转回 float32。"""
    return sps.gammaln(a).astype(np.float32)
def 主机_digamma(a):
    """在主机上用 SciPy 计算 ψ,转回 float32。"""
    return sps.digamma(a).astype(np.float32)
@jax.custom_jvp
def gammaln_cb(x):
    """逐元素 lnΓ(x),经 pure_callback 调 SciPy。"""
    return jax.pure_callback(
        主机_gammaln,
        jax.ShapeDtypeStruct(x.shape, jnp.float32),
        x,
        vmap_method="sequential",
    )
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    """导数是 ψ(x),同样经 pure_callback 计算。"""
    (x,), (dx,) = primals, tangents
    ψ = jax.pure_callback(
        主机_digamma,
        jax.ShapeDtypeStruct(x.shape, jnp.float32),
        x,
        vmap_method="sequential",
    )
    return gammaln_cb(x), ψ * dx
