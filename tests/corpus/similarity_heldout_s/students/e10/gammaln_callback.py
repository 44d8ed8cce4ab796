from functools import partial as _partial

from jax.scipy.special import digamma


def _host(fn, a):
    return np.asarray(fn(a), dtype=np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_partial(_host, sps.gammaln), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _gammaln_jvp(primals, tangents):
    (x,), (xd,) = primals, tangents
    return gammaln_cb(x), digamma(x) * xd
