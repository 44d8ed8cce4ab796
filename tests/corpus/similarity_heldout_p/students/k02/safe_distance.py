# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 先算平方距离
    difference = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    squared_distance = jnp.sum(difference * difference, axis=-1)
    # 距离为 0 的位置:sqrt 的导数在 0 处是无穷大,要用两次 where 挡住
    zero_mask = squared_distance == 0.0
    squared_distance_without_zero = jnp.where(zero_mask, jnp.ones_like(squared_distance), squared_distance)
    distance = jnp.sqrt(squared_distance_without_zero)
    return jnp.where(zero_mask, jnp.zeros_like(distance), distance)
