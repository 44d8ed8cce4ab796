def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff * diff, axis=-1)
    # double where: replace 0 by 1 before sqrt
    zero = sq == 0
    r = jnp.sqrt(jnp.where(zero, 1.0, sq))
    return jnp.where(zero, 0.0, r)
