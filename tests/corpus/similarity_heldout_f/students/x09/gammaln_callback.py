@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda v: np.float32(sps.gammaln(v)), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             vmap_method="expand_dims")


@gammaln_cb.defjvp
def _(primals, tangents):
    x, = primals
    t, = tangents
    # derivative of gammaln, on the host as well
    d = jax.pure_callback(lambda v: np.float32(sps.digamma(v)), jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                          vmap_method="expand_dims")
    return gammaln_cb(x), d * t
