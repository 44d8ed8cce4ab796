def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 先算平方距离
    difference = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    squared_distance = jnp.sum(difference * difference, axis=-1)
    # 第一次 where:把 0 换成 1,保证 sqrt 的导数有限
    is_positive = squared_distance > 0
    safe_squared = jnp.where(is_positive, squared_distance, 1.0)
    # 第二次 where:把结果里对应位置换回 0
    return jnp.where(is_positive, jnp.sqrt(safe_squared), 0.0)
