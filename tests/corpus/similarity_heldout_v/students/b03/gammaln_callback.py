class HostUfunc:
    def __init__(self, ufunc):
        self.ufunc = ufunc

    @property
    def host(self):
        return lambda a: self.ufunc(a).astype(np.float32)

    def __call__(self, x):
        shape = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(self.host, shape, x, vmap_method="sequential")


_lgamma = HostUfunc(sps.gammaln)
_psi = HostUfunc(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _lgamma(x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    xdot, = tangents
    return _lgamma(x), _psi(x) * xdot
