def _cb(fn, x: jax.Array) -> jax.Array:
    out = jax.ShapeDtypeStruct(jnp.shape(x), jnp.float32)
    return jax.pure_callback(lambda a: np.asarray(fn(a), np.float32), out, x, vmap_method="broadcast_all")


@jax.custom_jvp
def gammaln_cb(x: jax.Array) -> jax.Array:
    return _cb(sps.gammaln, x)


gammaln_cb.defjvps(lambda t, y, x: _cb(sps.digamma, x) * t)
