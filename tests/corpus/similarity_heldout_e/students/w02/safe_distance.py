def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """Pairwise Euclidean distances (N, d), (M, d) -> (N, M) with a zero gradient where they are 0."""
    squared_distances = jnp.sum(jnp.square(X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]), axis=-1)
    coincident_points = squared_distances == 0.0
    # sqrt is only ever evaluated at a positive argument, so its derivative stays finite
    guarded_squares = jnp.where(coincident_points, jnp.ones_like(squared_distances), squared_distances)
    return jnp.where(coincident_points, jnp.zeros_like(squared_distances), jnp.sqrt(guarded_squares))
