# host call factory: returns a jax function running fn on the host
def _make(fn):
    def run(v):
        return jax.pure_callback(lambda h: fn(h).astype(h.dtype), jax.ShapeDtypeStruct(v.shape, v.dtype), v,
                                 vmap_method="sequential")
    return run


_gammaln_host, _digamma_host = _make(sps.gammaln), _make(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln_host(x)


@gammaln_cb.defjvp
def _rule(primals, tangents):
    # psi(x) * dx
    return gammaln_cb(primals[0]), _digamma_host(primals[0]) * tangents[0]
