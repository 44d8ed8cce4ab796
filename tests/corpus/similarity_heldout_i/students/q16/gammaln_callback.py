import math


def _host_gammaln(a):
    out = np.empty_like(a)
    for i, v in np.ndenumerate(a):
        out[i] = sps.gammaln(v)
    return out


def _host_digamma(a):
    out = np.empty_like(a)
    for i, v in np.ndenumerate(a):
        out[i] = sps.digamma(v)
    return out


def _host_check(a):
    return np.allclose(_host_gammaln(a), [math.lgamma(float(v)) for v in a.ravel()])


_CHECK = False


@jax.custom_jvp
def gammaln_cb(x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    if _CHECK:
        print('gammaln_cb', x.shape)
    return jax.pure_callback(_host_gammaln, shape, x, vmap_method='sequential')


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x = primals[0]
    t = tangents[0]
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    unused = 0
    d = jax.pure_callback(_host_digamma, shape, x, vmap_method='sequential')
    return gammaln_cb(x), d * t
