class HostUfunc:
    """A SciPy ufunc called on the host through jax.pure_callback, float32 in and float32 out."""

    def __init__(self, fn):
        self.fn = fn

    @classmethod
    def from_scipy(cls, name):
        return cls(getattr(sps, name))

    def apply(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        return jax.pure_callback(lambda a: self.fn(a).astype(np.float32), spec, x, vmap_method="broadcast_all")


_gammaln = HostUfunc.from_scipy("gammaln")
_digamma = HostUfunc.from_scipy("digamma")


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln.apply(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return gammaln_cb(x), _digamma.apply(x) * dx
