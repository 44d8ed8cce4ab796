# ✍️ 作答区:练习 4
SAFE_SQUARE = 1.0
ZERO_DISTANCE = 0.0


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    hit = sq == ZERO_DISTANCE
    return jnp.where(hit, ZERO_DISTANCE, jnp.sqrt(jnp.where(hit, SAFE_SQUARE, sq)))
