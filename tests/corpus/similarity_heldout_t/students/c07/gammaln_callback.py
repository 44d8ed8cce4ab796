def _gammaln_host(a):
    return sps.gammaln(a).astype(np.float32)


def _digamma_host(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(_gammaln_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    psi = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
