from collections import namedtuple

HostFns = namedtuple("HostFns", "value derivative")
HOST = HostFns(sps.gammaln, sps.digamma)


def _run(fn, x):
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), jax.ShapeDtypeStruct(x.shape, np.float32), x,
                             vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _run(HOST.value, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _run(HOST.derivative, x) * t
