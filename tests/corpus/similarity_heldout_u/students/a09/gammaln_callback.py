# 1. 主机端函数:算完转成 float32
def _gammaln_host(a):
    return sps.gammaln(a).astype(np.float32)


def _digamma_host(a):
    return sps.digamma(a).astype(np.float32)


# 2. 前向:pure_callback,vmap 时整批一次调用
@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_gammaln_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


# 3. 导数:psi(x) * x_dot,psi 也走回调
@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    x_dot, = tangents
    psi = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), psi * x_dot
