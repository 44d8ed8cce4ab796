from typing import Callable, Tuple


def _make_callback(fn: Callable[[np.ndarray], np.ndarray]) -> Callable:
    def call(x):
        return jax.pure_callback(lambda a: fn(a).astype(np.float32),
                                 jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                                 vmap_method="expand_dims")
    return call


_gammaln_dev = _make_callback(sps.gammaln)
_digamma_dev = _make_callback(sps.digamma)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln_dev(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: Tuple, tangents: Tuple) -> Tuple:
    x, = primals
    x_dot, = tangents
    return _gammaln_dev(x), _digamma_dev(x) * x_dot
