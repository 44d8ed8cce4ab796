# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
def _scipy(fn, x):
    def cb(a):
        return r.astype(a.dtype) if (r := np.asarray(fn(a))).dtype != a.dtype else r

    return jax.pure_callback(cb, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return (y := gammaln_cb(x)), _scipy(sps.digamma, x) * t
