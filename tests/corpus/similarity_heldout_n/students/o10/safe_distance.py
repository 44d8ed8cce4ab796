def safe_pairwise_distance(X, Y):
    pairDiff = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    sqDist = jnp.sum(pairDiff * pairDiff, axis=-1)
    zeroMask = sqDist == 0.0
    safeSq = jnp.where(zeroMask, jnp.ones_like(sqDist), sqDist)
    return jnp.where(zeroMask, jnp.zeros_like(sqDist), jnp.sqrt(safeSq))
