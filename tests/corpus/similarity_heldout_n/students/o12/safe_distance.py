# ✍️ 作答区:练习 4
def squared_pairwise_differences(X, Y):
    """平方和 (N, M):先相减再平方求和。"""
    差 = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    return (差 * 差).sum(axis=-1)


def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。

    先在 where 里把平方和为 0 的位置换成 1 再开方,开方之后再换回 0,
    这样反向传播时两个分支的梯度都是有限的。
    """
    平方和 = squared_pairwise_differences(X, Y)
    零 = 平方和 == 0
    开方 = jnp.sqrt(jnp.where(零, 1.0, 平方和))
    return jnp.where(零, 0.0, 开方)
