# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    def row(x):
        s = jnp.sum((x[None, :] - Y) ** 2, axis=-1)
        hit = s == 0
        return jnp.where(hit, 0.0, jnp.sqrt(jnp.where(hit, 1.0, s)))

    return jax.vmap(row)(X)
