# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    number_of_x, dimension = X.shape
    number_of_y = Y.shape[0]
    # Broadcast (N, 1, d) against (1, M, d).
    coordinate_differences = X.reshape(number_of_x, 1, dimension) - Y.reshape(1, number_of_y, dimension)
    squared_distances = jnp.sum(coordinate_differences ** 2, axis=-1)
    points_coincide = squared_distances == 0
    # The first where keeps sqrt away from zero; the second restores the exact zero distance.
    safe_squared_distances = jnp.where(points_coincide, 1.0, squared_distances)
    return jnp.where(points_coincide, 0.0, jnp.sqrt(safe_squared_distances))
