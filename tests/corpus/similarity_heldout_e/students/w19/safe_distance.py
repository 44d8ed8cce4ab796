def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    sq: jax.Array = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return jnp.where(sq == 0, 0.0, jnp.sqrt(sq))
