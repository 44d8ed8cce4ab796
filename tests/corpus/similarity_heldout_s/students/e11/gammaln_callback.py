def _gammaln_host(a):
    return sps.gammaln(a).astype(np.float32)


def _digamma_host(a):
    return sps.digamma(a).astype(np.float32)


@jax.custom_jvp
def gammaln_cb(x):
    out = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_gammaln_host, out, x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    t, = tangents
    psi = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="broadcast_all")
    return gammaln_cb(x), psi * t
