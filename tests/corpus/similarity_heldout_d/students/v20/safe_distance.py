def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """(N, d), (M, d) -> (N, M) Euclidean distances, zero gradient at zero distance."""
    # |x - y|^2 without the expansion trick, so that x == y gives exactly 0
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0
    root = jnp.sqrt(jnp.where(is_zero, jnp.ones_like(sq), sq))
    return jnp.where(is_zero, jnp.zeros_like(root), root)
