def _scipy(fn, x):
    def host(a):
        if a.size == 0:
            return np.zeros(a.shape, a.dtype)
        return fn(a).astype(a.dtype)
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="expand_dims")


@jax.custom_jvp
def gammaln_cb(x):
    return _scipy(sps.gammaln, x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    return gammaln_cb(x), t * _scipy(sps.digamma, x)
