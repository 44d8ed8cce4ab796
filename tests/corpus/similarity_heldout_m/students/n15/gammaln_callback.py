# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def gammaln_host(a):
    # SciPy 在主机上算,dtype 保持和输入一样
    return sps.gammaln(a).astype(a.dtype)


def digamma_host(a):
    return sps.digamma(a).astype(a.dtype)


def gammaln_primal(x):
    return jax.pure_callback(gammaln_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


gammaln_cb = jax.custom_jvp(gammaln_primal)


def gammaln_jvp(primals, tangents):
    x, = primals
    xdot, = tangents
    # 导数 digamma 也用回调
    psi = jax.pure_callback(digamma_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="broadcast_all")
    return gammaln_cb(x), psi * xdot


gammaln_cb.defjvp(gammaln_jvp)
