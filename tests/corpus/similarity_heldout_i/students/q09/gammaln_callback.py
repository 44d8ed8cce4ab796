def _g(a):
    return sps.gammaln(a).astype(a.dtype)


def _d(a):
    return sps.digamma(a).astype(a.dtype)


_h = {'gammaln': _g, 'digamma': _d}


def _cb(n, x):
    return jax.pure_callback(_h[n], jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method='sequential')


@jax.custom_jvp
def gammaln_cb(x):
    return _cb('gammaln', x)


@gammaln_cb.defjvp
def _j(p, t):
    return gammaln_cb(p[0]), _cb('digamma', p[0]) * t[0]
