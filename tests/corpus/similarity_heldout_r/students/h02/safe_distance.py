def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 用 vmap 两层算出每一对点的平方距离
    def squared_distance(point_a, point_b):
        return jnp.sum((point_a - point_b) ** 2)

    squared_distances = jax.vmap(jax.vmap(squared_distance, in_axes=(None, 0)), in_axes=(0, None))(X, Y)
    # 距离为 0 的地方先换成 1 再开方,最后再换回 0,这样梯度不会变成 nan
    is_same_point = squared_distances == 0
    safe_squared = jnp.where(is_same_point, 1.0, squared_distances)
    return jnp.where(is_same_point, 0.0, jnp.sqrt(safe_squared))
