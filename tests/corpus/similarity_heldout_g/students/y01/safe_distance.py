# ✍️ 作答区:练习 4
def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    differences = X[:, None, :] - Y[None, :, :]  # (N, M, d), subtract first: no cancellation near 100
    squared_distances = jnp.sum(differences * differences, axis=-1)
    zero_mask = squared_distances == 0
    # first where: keep sqrt away from 0 so its gradient is finite on both branches
    safe_squared = jnp.where(zero_mask, 1.0, squared_distances)
    # second where: put the exact zeros back
    return jnp.where(zero_mask, 0.0, jnp.sqrt(safe_squared))
