from collections import namedtuple

HostFns = namedtuple("HostFns", ["value", "derivative"])
HOST = HostFns(sps.gammaln, sps.digamma)


def _callback(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


@jax.custom_jvp
def gammaln_cb(x):
    return _callback(HOST.value, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _callback(HOST.derivative, x) * t
