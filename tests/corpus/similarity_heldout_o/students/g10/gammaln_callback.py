# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
VMAP_METHOD = "expand_dims"


@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: sps.gammaln(a).astype(a.dtype), spec, x, vmap_method=VMAP_METHOD)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    slope = jax.pure_callback(lambda a: sps.digamma(a).astype(a.dtype), spec, x, vmap_method=VMAP_METHOD)
    return gammaln_cb(x), slope * dx
