# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 差向量 (N, M, d)
    difference_vectors = X.reshape(X.shape[0], 1, X.shape[1]) - Y.reshape(1, Y.shape[0], Y.shape[1])
    squared_distances = jnp.sum(difference_vectors * difference_vectors, axis=-1)
    # 距离为 0 的位置:先换成 1 再开方,避免 sqrt 在 0 处梯度无穷大
    zero_positions = squared_distances == 0
    safe_squared_distances = jnp.where(zero_positions, 1.0, squared_distances)
    distances = jnp.sqrt(safe_squared_distances)
    return jnp.where(zero_positions, 0.0, distances)
