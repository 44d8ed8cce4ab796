@jax.custom_jvp
def gammaln_cb(x):
    sd = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda z: sps.gammaln(z).astype(z.dtype), sd, x, vmap_method="expand_dims")


def _digamma_host(a):
    return sps.digamma(a).astype(np.float32)


@gammaln_cb.defjvp
def _jvp(primals, tangents):
    x, = primals
    dx, = tangents
    psi = jax.pure_callback(_digamma_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                            vmap_method="expand_dims")
    return gammaln_cb(x), dx * psi
