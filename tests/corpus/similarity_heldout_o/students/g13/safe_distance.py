# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    pairwise_differences = X[:, None, :] - Y[None, :, :]
    squared_distances = jnp.sum(pairwise_differences ** 2, axis=-1)
    coinciding_points_mask = squared_distances == 0.0
    squared_distances_without_zeros = jnp.where(coinciding_points_mask, 1.0, squared_distances)
    distances_without_zeros = jnp.sqrt(squared_distances_without_zeros)
    safe_distances = jnp.where(coinciding_points_mask, 0.0, distances_without_zeros)
    return safe_distances
