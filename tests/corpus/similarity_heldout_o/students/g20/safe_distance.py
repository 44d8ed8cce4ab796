# ✍️ 作答区:练习 4
ZERO_FILL = 1.0


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    squared = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    coincide = squared == 0.0
    root = jnp.sqrt(jnp.where(coincide, ZERO_FILL, squared))
    return jnp.where(coincide, 0.0, root)
