def safe_pairwise_distance(X, Y):
    # squared distances first
    d = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    sq = jnp.sum(d * d, axis=-1)
    # where #1: keep sqrt's derivative finite
    pos = sq > 0
    s = jnp.where(pos, sq, 1.0)
    # where #2: put the zeros back
    return jnp.where(pos, jnp.sqrt(s), 0.0)
