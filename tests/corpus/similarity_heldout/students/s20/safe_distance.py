def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff**2, -1)
    # 距离为 0 的地方直接给 0
    return jnp.where(sq == 0, 0.0, jnp.sqrt(sq))
