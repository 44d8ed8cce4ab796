# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 与 v1 一样先相减再平方求和
    d = X[:, None, :] - Y[None, :, :]
    s = jnp.sum(d * d, axis=-1)
    # 双 where:先把 0 换成 1 再开方,再把结果放回 0
    zero = s == 0
    r = lax.sqrt(jnp.where(zero, jnp.ones_like(s), s))
    return jnp.where(zero, jnp.zeros_like(r), r)
