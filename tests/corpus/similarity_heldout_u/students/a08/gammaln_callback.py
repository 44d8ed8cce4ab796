@jax.custom_jvp
def gammaln_cb(x):
    return jax.pure_callback(lambda a: np.asarray(sps.gammaln(a), dtype=np.float32),
                             jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32), x, vmap_method="expand_dims")


gammaln_cb.defjvp(lambda p, t: (gammaln_cb(p[0]),
                                jax.pure_callback(lambda a: np.asarray(sps.digamma(a), dtype=np.float32),
                                                  jax.ShapeDtypeStruct(jnp.shape(p[0]), jnp.float32), p[0],
                                                  vmap_method="expand_dims") * t[0]))
