def _make_cb(fn):
    def run(x):
        def host(a):
            return fn(a).astype(np.float32)

        return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, np.float32), x, vmap_method="expand_dims")

    return run


_lgamma = _make_cb(sps.gammaln)
_psi = _make_cb(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    return _lgamma(primals[0]), _psi(primals[0]) * tangents[0]
