@jax.custom_jvp
def gammaln_cb(x):
    out_spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(lambda v: sps.gammaln(v).astype(np.float32), out_spec, x,
                             vmap_method="expand_dims")


gammaln_cb.defjvps(
    lambda x_dot, y, x: jax.pure_callback(lambda v: sps.digamma(v).astype(np.float32),
                                          jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                                          vmap_method="expand_dims") * x_dot
)
