# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 广播成 (N, M, d) 的差值,直接对差值平方求和(避免灾难性抵消)
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff ** 2, axis=-1)
    # 第一次 where:距离为 0 的位置先换成 1,这样 sqrt 的梯度有限
    zero = sq == 0.0
    safe = jnp.where(zero, 1.0, sq)
    # 第二次 where:再把这些位置的结果放回 0
    return jnp.where(zero, 0.0, jnp.sqrt(safe))
