import scipy.special as sps


def _gammaln_host(a):
    return np.asarray(sps.gammaln(np.asarray(a, dtype=np.float64)), dtype=np.float32)


def _digamma_host(a):
    return np.asarray(sps.digamma(np.asarray(a, dtype=np.float64)), dtype=np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    return jax.pure_callback(_gammaln_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x = jnp.asarray(primals[0], dtype=jnp.float32)
    t = jnp.asarray(tangents[0], dtype=jnp.float32)
    d = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                          vmap_method="expand_dims")
    return gammaln_cb(x), d * t
