def safe_pairwise_distance(X, Y):
    pairwise_differences = X[:, None, :] - Y[None, :, :]
    squared_euclidean_distances = jnp.sum(pairwise_differences ** 2, axis=-1)
    positions_where_distance_is_zero = squared_euclidean_distances == 0
    squared_distances_with_zeros_replaced = jnp.where(
        positions_where_distance_is_zero, 1.0, squared_euclidean_distances
    )
    euclidean_distances = jnp.sqrt(squared_distances_with_zeros_replaced)
    return jnp.where(positions_where_distance_is_zero, 0.0, euclidean_distances)
