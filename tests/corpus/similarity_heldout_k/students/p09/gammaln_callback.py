def _gammaln_host(a):
    return np.asarray(sps.gammaln(a), dtype=np.float32)


def _digamma_host(a):
    return np.asarray(sps.digamma(a), dtype=np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_gammaln_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="sequential")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    y = gammaln_cb(x)
    d = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                          vmap_method="sequential")
    return y, d * t
