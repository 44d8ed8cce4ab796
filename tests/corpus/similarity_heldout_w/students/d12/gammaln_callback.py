# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
import logging

log = logging.getLogger("d12")


def _host_call(fn, x):
    def cb(a):
        log.debug("%s on a host array of shape %s", fn.__name__, np.shape(a))
        return np.asarray(fn(a), dtype=np.float32)

    return jax.pure_callback(cb, jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), dx * _host_call(sps.digamma, x)
