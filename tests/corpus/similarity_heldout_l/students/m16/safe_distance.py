# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # squared distances exactly like v1
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    # where the distance is 0, use 0 (and so the gradient there is 0)
    return jnp.where(sq == 0, 0.0, jnp.sqrt(sq))
