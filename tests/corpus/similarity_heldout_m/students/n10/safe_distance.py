# ✍️ 作答区:练习 4
def _squared_pairwise_distances(first_points, second_points):
    # broadcast to (N, M, d) and sum the squared coordinate differences
    coordinate_differences = lax.sub(lax.expand_dims(first_points, (1,)), lax.expand_dims(second_points, (0,)))
    return jnp.sum(lax.mul(coordinate_differences, coordinate_differences), axis=-1)


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    squared_distances = _squared_pairwise_distances(X, Y)
    is_zero_distance = squared_distances == 0
    square_roots = lax.sqrt(jnp.where(is_zero_distance, jnp.ones_like(squared_distances), squared_distances))
    return jnp.where(is_zero_distance, jnp.zeros_like(square_roots), square_roots)
