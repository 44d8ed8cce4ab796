# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
class _SciPyCallback:
    """Wraps one scipy.special function as a pure_callback."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, x):
        """Evaluate on the host, keeping x's dtype."""
        spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(lambda v: self.fn(v).astype(v.dtype), spec, x, vmap_method="sequential")


_gammaln_host = _SciPyCallback(sps.gammaln)
_digamma_host = _SciPyCallback(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    """log Gamma(x) through SciPy."""
    return _gammaln_host(x)


@gammaln_cb.defjvp
def _(primals, tangents):
    """The derivative of gammaln is digamma."""
    return gammaln_cb(primals[0]), _digamma_host(primals[0]) * tangents[0]
