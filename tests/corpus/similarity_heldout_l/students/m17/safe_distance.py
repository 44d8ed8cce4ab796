# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 1. 差值 (N, M, d)
    diff = X[:, None, :] - Y[None, :, :]
    # 2. 平方和 (N, M)
    d2 = jnp.sum(jnp.square(diff), axis=2)
    # 3. 第一次 where:0 换成 1
    is0 = d2 == 0.0
    d2_safe = jnp.where(is0, 1.0, d2)
    # 4. 第二次 where:开方后放回 0
    return jnp.where(is0, 0.0, jnp.sqrt(d2_safe))
