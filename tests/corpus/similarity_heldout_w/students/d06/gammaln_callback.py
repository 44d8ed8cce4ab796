# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
import operator


def _via_host(ufunc, x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: operator.methodcaller("astype", a.dtype)(ufunc(a)), out, x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _via_host(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    x, = primals
    xd, = tangents
    return gammaln_cb(x), operator.mul(_via_host(sps.digamma, x), xd)
