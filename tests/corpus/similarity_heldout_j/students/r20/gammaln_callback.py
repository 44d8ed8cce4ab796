@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return jax.pure_callback(lambda a: np.asarray(sps.gammaln(a), np.float32),
                             jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="broadcast_all")


@gammaln_cb.defjvp
def _gammaln_cb_jvp(primals: tuple, tangents: tuple) -> tuple:
    x, = primals
    dx, = tangents
    psi = jax.pure_callback(lambda a: np.asarray(sps.digamma(a), np.float32),
                            jax.ShapeDtypeStruct(x.shape, jnp.float32), x, vmap_method="broadcast_all")
    return gammaln_cb(x), psi * dx
