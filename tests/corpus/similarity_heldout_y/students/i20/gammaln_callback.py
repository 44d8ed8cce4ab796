import scipy.special as sps

_BASE = {"vmap_method": "broadcast_all"}


def _cb(fn, x, **extra):
    opts = {**_BASE, **extra}
    return jax.pure_callback(lambda a: fn(a).astype(np.float32), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **opts)


@jax.custom_jvp
def gammaln_cb(x):
    return _cb(sps.gammaln, x)


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _cb(sps.gammaln, x), _cb(sps.digamma, x) * t
