# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    pairDiff = X[:, None, :] - Y[None, :, :]  # every pair, shape (N, M, d)
    sqDist = (pairDiff * pairDiff).sum(-1)  # squared differences summed (stable far from the origin)
    isZero = sqDist == 0  # only exact zeros
    sqSafe = jnp.where(isZero, 1.0, sqDist)  # sqrt gets 1 instead of 0
    distVal = jnp.sqrt(sqSafe)
    return jnp.where(isZero, 0.0, distVal)  # and the zero goes back in
