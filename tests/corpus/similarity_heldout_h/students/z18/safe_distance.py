def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    sq = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)
    safe = jnp.where(sq == 0, 1, sq)
    dist = jnp.sqrt(safe)
    return jnp.where(sq == 0, 0, dist)
