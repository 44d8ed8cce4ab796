# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 先算两两之差 (N, M, d)
    difference = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    # 平方距离 (N, M)
    squared_distance = jnp.sum(jnp.square(difference), axis=-1)
    # 距离为 0 的位置:先换成 1 再开方,避免 sqrt 在 0 处导数无穷
    is_zero = squared_distance == 0
    safe_squared = jnp.where(is_zero, 1.0, squared_distance)
    # 再把这些位置换回 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(safe_squared))
