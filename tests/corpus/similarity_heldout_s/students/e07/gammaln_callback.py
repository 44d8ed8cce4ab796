# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _cb(fns, x):
    return [jax.pure_callback(lambda a, fn=fn: np.asarray(fn(a), np.float32),
                              jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method="broadcast_all")
            for fn in fns]


@jax.custom_jvp
def gammaln_cb(x):
    return _cb([sps.gammaln], x)[0]


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    y, slope = [gammaln_cb(primals[0]), *_cb([sps.digamma], primals[0])]
    return y, slope * tangents[0]
