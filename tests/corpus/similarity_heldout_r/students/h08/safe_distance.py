def safe_pairwise_distance(X, Y):
    pairwise_coordinate_differences = jnp.expand_dims(X, axis=1) - jnp.expand_dims(Y, axis=0)
    pairwise_squared_distances = jnp.einsum("nmd,nmd->nm", pairwise_coordinate_differences,
                                            pairwise_coordinate_differences)
    positions_where_points_coincide = jnp.equal(pairwise_squared_distances, 0.0)
    squared_distances_with_no_zeros = jnp.where(positions_where_points_coincide, 1.0, pairwise_squared_distances)
    distances_with_no_zeros = jnp.sqrt(squared_distances_with_no_zeros)
    return jnp.where(positions_where_points_coincide, 0.0, distances_with_no_zeros)
