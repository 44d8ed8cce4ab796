def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]) ** 2, axis=-1)
    mask = sq == 0
    sq_safe = jnp.where(mask, 1.0, sq)
    dist = jnp.sqrt(sq_safe)
    dist = jnp.where(mask, 0.0, dist)
    return dist
