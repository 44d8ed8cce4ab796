def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    assert X.ndim == 2 and Y.ndim == 2
    assert X.shape[1] == Y.shape[1]
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    dist = jnp.sqrt(sq)
    return jnp.where(sq == 0.0, 0.0, dist)
