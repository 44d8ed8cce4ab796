# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
RESULT_DTYPE = np.float32
VMAP_METHOD = "expand_dims"


def _scipy_callback(scipy_fn, x):
    result = jax.ShapeDtypeStruct(x.shape, RESULT_DTYPE)
    return jax.pure_callback(lambda a: scipy_fn(a).astype(RESULT_DTYPE), result, x, vmap_method=VMAP_METHOD)


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy_callback(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = gammaln_cb(x)
    return y, dx * _scipy_callback(sps.digamma, x)
