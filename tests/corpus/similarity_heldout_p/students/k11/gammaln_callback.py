from collections import namedtuple

HostFns = namedtuple("HostFns", "value derivative")
HOST = HostFns(sps.gammaln, sps.digamma)


def _host_call(fn, x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda a: np.asarray(fn(a), dtype=a.dtype), spec, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x):
    return _host_call(HOST.value, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _host_call(HOST.derivative, x) * t
