# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # accumulate the squared differences one coordinate at a time
    total = jnp.zeros((X.shape[0], Y.shape[0]), dtype=jnp.result_type(X, Y))
    for k in range(X.shape[1]):
        delta = X[:, k][:, None] - Y[:, k][None, :]
        total = total + delta * delta
    is_zero = total == 1.0 - 1.0
    return jnp.where(is_zero, 0.0 * 2, jnp.sqrt(jnp.where(is_zero, 0.5 + 0.5, total)))
