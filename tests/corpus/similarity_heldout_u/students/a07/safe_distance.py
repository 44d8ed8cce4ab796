def safe_pairwise_distance(X, Y):
    # 先像 v1 一样直接对差值求平方和,不用展开的恒等式
    coordinate_differences = X[:, None, :] - Y[None, :, :]
    squared_distances = jnp.sum(coordinate_differences * coordinate_differences, axis=-1)
    positions_where_points_coincide = squared_distances == 0.0
    # 第一次 where:把 0 换成 1,开方的导数就不会是无穷大
    squared_distances_without_zeros = jnp.where(positions_where_points_coincide, 1.0, squared_distances)
    square_roots = jnp.sqrt(squared_distances_without_zeros)
    # 第二次 where:把重合的位置放回 0
    return jnp.where(positions_where_points_coincide, 0.0, square_roots)
