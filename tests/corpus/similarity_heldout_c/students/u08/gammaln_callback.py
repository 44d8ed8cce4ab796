def _gammaln_host(a):
    return sps.gammaln(a).astype(np.float32)


def _digamma_host(a):
    return sps.digamma(a).astype(np.float32)


def digamma_cb(x):
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_digamma_host, spec, x, vmap_method='broadcast_all')


@jax.custom_jvp
def gammaln_cb(x):
    spec = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(_gammaln_host, spec, x, vmap_method='broadcast_all')


# the derivative is digamma
gammaln_cb.defjvps(lambda t, ans, x: digamma_cb(x) * t)
