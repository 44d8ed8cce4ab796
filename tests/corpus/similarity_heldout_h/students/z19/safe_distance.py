# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    差 = lax.sub(X[:, None, :], Y[None, :, :])
    平方 = jnp.sum(lax.mul(差, 差), axis=-1)
    零 = lax.eq(平方, jnp.zeros_like(平方))
    # 第一次 where 换成安全值,第二次放回 0
    开方 = lax.sqrt(lax.select(零, jnp.ones_like(平方), 平方))
    return lax.select(零, jnp.zeros_like(开方), 开方)
