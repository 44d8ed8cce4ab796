# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 1. broadcast to (N, M, d) and square the differences
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff ** 2, axis=-1)
    # 2. mask of exactly coincident points
    at_zero = sq == 0.0
    # 3. replace the zeros by 1 before sqrt (inner where)
    sq_safe = jnp.where(at_zero, 1.0, sq)
    # 4. take the root and restore the zeros (outer where)
    return jnp.where(at_zero, 0.0, jnp.sqrt(sq_safe))
