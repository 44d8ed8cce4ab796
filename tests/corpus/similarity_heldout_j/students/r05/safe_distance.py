# ✍️ 作答区:练习 4
def _平方距离(X, Y):
    # 逐对相减后平方求和(不用 |x|^2+|y|^2-2xy,避免抵消)
    差 = lax.sub(X[:, None, :], Y[None, :, :])
    return jnp.sum(lax.mul(差, 差), axis=2)


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    平方 = _平方距离(X, Y)
    为零 = 平方 == 0
    安全 = jnp.where(为零, jnp.ones_like(平方), 平方)
    return jnp.where(为零, jnp.zeros_like(平方), lax.sqrt(安全))
