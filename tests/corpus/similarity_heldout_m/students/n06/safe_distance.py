# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    d = X[:, None, :] - Y[None, :, :]
    s = jnp.sum(lax.square(d), axis=2)
    z = lax.eq(s, lax.full_like(s, 0))
    r = lax.sqrt(lax.select(z, lax.full_like(s, 1), s))
    return lax.select(z, lax.full_like(r, 0), r)
