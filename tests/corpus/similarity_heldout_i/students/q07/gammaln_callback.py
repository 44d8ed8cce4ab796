# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
@jax.custom_jvp
def gammaln_cb(x):
    # 1. describe the result, 2. call SciPy on the host
    result = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: sps.gammaln(v).astype(v.dtype), result, x, vmap_method="expand_dims")


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    # 3. the derivative of gammaln is digamma, also from the host
    result = jax.ShapeDtypeStruct(x.shape, x.dtype)
    slope = jax.pure_callback(lambda v: sps.digamma(v).astype(v.dtype), result, x, vmap_method="expand_dims")
    return gammaln_cb(x), slope * x_dot
