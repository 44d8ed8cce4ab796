import scipy.special as sps

_LOG_2PI = np.log(2 * np.pi)


class _HostUfunc:
    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(self._host, spec, x, vmap_method="expand_dims")

    def _host(self, a):
        return self.fn(a).astype(np.float32)

    def describe(self):
        return f"host ufunc {self.fn.__name__}"


_gammaln_host = _HostUfunc(sps.gammaln)
_digamma_host = _HostUfunc(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln_host(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    unused = jnp.zeros_like(x)
    return _gammaln_host(x), _digamma_host(x) * t
