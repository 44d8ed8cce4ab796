def _g(a):
    return sps.gammaln(a).astype('float32')


def _d(a):
    return sps.digamma(a).astype('float32')


def _pc(h, x):
    return jax.pure_callback(h, jax.ShapeDtypeStruct(x.shape, 'float32'), x, vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(x):
    return _pc(_g, x)


gammaln_cb.defjvps(lambda t, y, x: _pc(_d, x) * t)
