from typing import Final

_VMAP: Final = "expand_dims"
_F32: Final = np.float32


def _spec(x):
    return jax.ShapeDtypeStruct(jnp.shape(x), _F32)


def _gammaln_host_call(x):
    return jax.pure_callback(lambda a: np.asarray(sps.gammaln(a), _F32), _spec(x), x, vmap_method=_VMAP)


def _digamma_host_call(x):
    return jax.pure_callback(lambda a: np.asarray(sps.digamma(a), _F32), _spec(x), x, vmap_method=_VMAP)


@jax.custom_jvp
def gammaln_cb(x):
    return _gammaln_host_call(x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return _gammaln_host_call(x), _digamma_host_call(x) * x_dot
