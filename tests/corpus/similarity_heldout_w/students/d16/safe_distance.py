# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    sq = sum(map(lambda k: (X[:, k, None] - Y[None, :, k]) ** 2, range(X.shape[1])))
    nonzero = sq != 0
    return jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, sq, 1.0)), 0.0)
