# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""

    def 一对(x, y):
        # 单个点对的平方距离
        差 = x - y
        return jnp.dot(差, 差)

    平方 = jax.vmap(lambda x: jax.vmap(lambda y: 一对(x, y))(Y))(X)
    是零 = 平方 == 0
    # 双 where 技巧
    return jnp.where(是零, 0.0, jnp.sqrt(jnp.where(是零, 1.0, 平方)))
