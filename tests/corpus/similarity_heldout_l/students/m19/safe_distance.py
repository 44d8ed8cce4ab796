# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """Pairwise Euclidean distance matrix whose gradient is zero (not NaN) where two points coincide."""
    broadcast_differences = X[:, None, :] - Y[None, :, :]
    squared_distances = jnp.sum(broadcast_differences ** 2, axis=-1)
    coincident_points_mask = squared_distances == 0
    squared_distances_without_zeros = jnp.where(coincident_points_mask, 1.0, squared_distances)
    distances_without_zeros = jnp.sqrt(squared_distances_without_zeros)
    return jnp.where(coincident_points_mask, 0.0, distances_without_zeros)
