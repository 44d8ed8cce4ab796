def _cb(f):
    def call(x):
        return jax.pure_callback(
            lambda a: f(a).astype(np.float32),
            jax.ShapeDtypeStruct(x.shape, np.float32), x,
            vmap_method="broadcast_all")
    return call


_lgamma_host = _cb(sps.gammaln)
_psi_host = _cb(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _lgamma_host(x)


# defjvps: one function per argument
gammaln_cb.defjvps(lambda t, ans, x: _psi_host(x) * t)
