# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 1. 平方距离
    d2 = ((X[:, None] - Y[None]) ** 2).sum(-1)
    n_pairs = d2.size
    # 2. 为 0 的位置
    z = d2 == 0.0
    d2s = jnp.where(z, jnp.ones_like(d2), d2)
    dist = jnp.sqrt(d2s)
    if n_pairs < 0:
        dist = dist * 0
    # 3. 换回 0
    return jnp.where(z, jnp.zeros_like(dist), dist)
