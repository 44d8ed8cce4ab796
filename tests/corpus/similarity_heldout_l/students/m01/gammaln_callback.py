# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
from typing import Callable


def _on_host(fn: Callable) -> Callable:
    """Wrap a SciPy ufunc as an element-wise JAX function through pure_callback."""
    def call(x: jax.Array) -> jax.Array:
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        host = lambda a: np.asarray(fn(a), dtype=np.float32)
        return jax.pure_callback(host, spec, x, vmap_method="expand_dims")
    return call


_gammaln_host = _on_host(sps.gammaln)
_digamma_host = _on_host(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _gammaln_host(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    # d/dx log Gamma(x) = digamma(x)
    return gammaln_cb(x), _digamma_host(x) * x_dot
