# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
# 主机上的函数:SciPy 算完转回 float32
def gammaln_zhuji(a):
    return sps.gammaln(a).astype(np.float32)


def digamma_zhuji(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    # 输出形状和输入相同,dtype 是 float32
    xingzhuang = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(gammaln_zhuji, xingzhuang, x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def gammaln_cb_daoshu(zhuzhi, qiexian):
    x, = zhuzhi
    dx, = qiexian
    xingzhuang = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(digamma_zhuji, xingzhuang, x, vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
