@jax.custom_jvp
def gammaln_cb(x):
    y = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda v: np.asarray(sps.gammaln(v), np.float32), y, x, vmap_method='expand_dims')


@gammaln_cb.defjvp
def gammaln_cb_jvp(primals, tangents):
    x, = primals
    t, = tangents
    y = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    psi = jax.pure_callback(lambda v: np.asarray(sps.digamma(v), np.float32), y, x, vmap_method='expand_dims')
    return gammaln_cb(x), t * psi
