import math

_EPS = 1e-12


def _host(fn):
    return lambda a: fn(a).astype(np.float32)


def _check(a):
    return bool(np.all(a > 0))


@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(x.shape, np.float32)
    return jax.pure_callback(_host(sps.gammaln), spec, x, vmap_method='broadcast_all')


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    x, = primals
    t, = tangents
    spec = jax.ShapeDtypeStruct(x.shape, np.float32)
    return gammaln_cb(x), jax.pure_callback(_host(sps.digamma), spec, x, vmap_method='broadcast_all') * t
