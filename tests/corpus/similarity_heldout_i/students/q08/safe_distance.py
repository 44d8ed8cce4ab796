# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 广播出所有差向量 (N, M, d),再对最后一维取范数
    diff: jax.Array = X[:, None, :] - Y[None, :, :]
    return jnp.linalg.norm(diff, axis=-1)
