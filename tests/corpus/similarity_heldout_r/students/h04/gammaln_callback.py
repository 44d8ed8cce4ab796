def host_call(fn):
    def call(x):
        return jax.pure_callback(lambda a: fn(a).astype(a.dtype), jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                 vmap_method="sequential")
    return call


_lgamma = host_call(sps.gammaln)
_psi = host_call(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _(primals, tangents):
    return gammaln_cb(primals[0]), _psi(primals[0]) * tangents[0]
