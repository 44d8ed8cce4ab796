VMAP_METHOD = "broadcast_all"


def _host(fn):
    def run(a):
        return np.asarray(fn(a), a.dtype)
    return run


GAMMALN_HOST = _host(sps.gammaln)
DIGAMMA_HOST = _host(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(GAMMALN_HOST, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method=VMAP_METHOD)


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    d = jax.pure_callback(DIGAMMA_HOST, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method=VMAP_METHOD)
    return gammaln_cb(x), d * t
