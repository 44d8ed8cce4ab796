# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    sq = jnp.zeros((X.shape[0], Y.shape[0]), dtype=jnp.result_type(X, Y))
    k = 0
    while True:
        if k == X.shape[1]:
            break
        sq = sq + (X[:, k][:, None] - Y[:, k][None, :]) ** 2
        k += 1
    zero = sq == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
