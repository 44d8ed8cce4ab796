def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    delta = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(delta**2, axis=2)
    is_zero = jnp.equal(sq, 0.0)
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
