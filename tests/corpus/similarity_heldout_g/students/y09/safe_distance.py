# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 和 v1 一样:先相减,再平方求和
    pairwise_difference = X[:, None, :] - Y[None, :, :]
    squared_distance = jnp.sum(pairwise_difference ** 2, axis=-1)
    # 距离为 0 的位置直接给 0,其余位置开方
    return jnp.where(squared_distance == 0.0, 0.0, jnp.sqrt(squared_distance))
