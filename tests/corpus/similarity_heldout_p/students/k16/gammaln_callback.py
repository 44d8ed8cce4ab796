def _cb(fn, x):
    def host(a):
        return fn(a).astype(a.dtype)
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="broadcast_all")


def _gammaln(x):
    return _cb(sps.gammaln, x)


def _gammaln_jvp(p, t):
    return gammaln_cb(p[0]), _cb(sps.digamma, p[0]) * t[0]


gammaln_cb = jax.custom_jvp(_gammaln)
gammaln_cb.defjvp(_gammaln_jvp)
