# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    d = X[:, None, :] - Y[None, :, :]
    z = jnp.sum(d * d, axis=-1)
    m = z == 0
    return jnp.where(m, 0.0, jnp.sqrt(jnp.where(m, 1.0, z)))
