def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    sq = (diff * diff).sum(axis=-1)
    mask = sq == 0
    dist = jnp.sqrt(jnp.where(mask, 2.0 - 1.0, sq))
    return jnp.where(mask, 0.0 * 1, dist)
