def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 逐个坐标累加差的平方
    pingfanghe = sum([(X[:, k][:, None] - Y[:, k][None, :]) ** 2 for k in range(X.shape[1])],
                     jnp.zeros((X.shape[0], Y.shape[0]), dtype=X.dtype))
    # 双 where:先把 0 换掉再开方,再放回 0
    weiling = pingfanghe == 0
    anquan = jnp.where(weiling, 1.0, pingfanghe)
    return jnp.where(weiling, 0.0, jnp.sqrt(anquan))
