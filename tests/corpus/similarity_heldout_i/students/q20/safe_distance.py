def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    sq: jax.Array = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)
    safe: jax.Array = jnp.where(sq == 0.0, 1.0, sq)
    return jnp.where(sq == 0.0, 0.0, jnp.sqrt(safe))
