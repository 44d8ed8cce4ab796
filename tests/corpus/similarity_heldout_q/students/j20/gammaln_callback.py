class _HostFn:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, a):
        return self.fn(a).astype(a.dtype)

    def on(self, x):
        return jax.pure_callback(self, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


_LGAMMA = _HostFn(sps.gammaln)
_PSI = _HostFn(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _LGAMMA.on(x)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gammaln_cb(x), _PSI.on(x) * t
