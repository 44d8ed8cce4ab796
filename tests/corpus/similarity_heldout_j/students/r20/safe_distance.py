def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.einsum("nmd,nmd->nm", diff, diff)
    zero = sq == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
