import scipy.special as sps

_F32 = jnp.float32
_HOST_CALLS = 0


def _count():
    global _HOST_CALLS
    _HOST_CALLS += 1


def _gammaln_host(a):
    _count()
    return sps.gammaln(a).astype(np.float32)


def _digamma_host(a):
    _count()
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_gammaln_host, jax.ShapeDtypeStruct(x.shape, _F32), x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    psi = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, _F32), x)
    return gammaln_cb(x), psi * t
