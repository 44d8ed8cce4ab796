from typing import Final

_VMAP: Final = "broadcast_all"


def _gammaln_host(a):
    return sps.gammaln(a).astype(np.float32)


def _digamma_host(a):
    return sps.digamma(a).astype(np.float32)


def _spec(x):
    return jax.ShapeDtypeStruct(jnp.shape(x), np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_gammaln_host, _spec(x), x, vmap_method=_VMAP)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    psi = jax.pure_callback(_digamma_host, _spec(x), x, vmap_method=_VMAP)
    return gammaln_cb(x), psi * x_dot
