# 在这里定义 gammaln_cb(x):用 @jax.custom_jvp 定义,前向和导数都经 jax.pure_callback 调 SciPy。
from functools import partial as _partial

_sequential_callback = _partial(jax.pure_callback, vmap_method="sequential")


def _result_like(x: jax.Array) -> jax.ShapeDtypeStruct:
    """The float32 result type of an element-wise host call on x."""
    return jax.ShapeDtypeStruct(x.shape, jnp.float32)


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    """log Gamma(x) element-wise, computed by SciPy on the host."""
    return _sequential_callback(lambda a: sps.gammaln(a).astype(np.float32), _result_like(x), x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    """Tangent: digamma(x) * x_dot, digamma on the host as well."""
    (x,), (x_dot,) = primals, tangents
    psi = _sequential_callback(lambda a: sps.digamma(a).astype(np.float32), _result_like(x), x)
    return gammaln_cb(x), psi * x_dot
