# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _主机调用(函数, x):
    # 回调拿到的是 NumPy 数组,返回值要和声明的 float32 一致
    结构 = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda a: 函数(a).astype(np.float32), 结构, x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _主机调用(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_导数(primals, tangents):
    x, = primals
    dx, = tangents
    # d/dx lnΓ(x) = ψ(x)
    return gammaln_cb(x), _主机调用(sps.digamma, x) * dx
