class HostSpecial:
    def __init__(self, fn):
        self.fn = fn

    def _host(self, a):
        return np.asarray(self.fn(a), dtype=a.dtype)

    def __call__(self, x):
        return jax.pure_callback(self._host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


_gammaln = HostSpecial(sps.gammaln)
_digamma = HostSpecial(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _digamma(x) * t
