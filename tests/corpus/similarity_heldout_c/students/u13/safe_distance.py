def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0
    safe = jnp.where(is_zero, 1.0, sq)
    return jnp.where(is_zero, 0.0, jnp.sqrt(safe))
