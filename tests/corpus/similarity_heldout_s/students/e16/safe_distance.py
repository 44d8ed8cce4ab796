def safe_pairwise_distance(X, Y):
    xExp = X[:, None, :]
    yExp = Y[None, :, :]
    sqDist = jnp.sum((xExp - yExp) * (xExp - yExp), axis=-1)
    zeroMask = sqDist == 0
    safeSq = jnp.where(zeroMask, jnp.ones_like(sqDist), sqDist)
    return jnp.where(zeroMask, jnp.zeros_like(sqDist), jnp.sqrt(safeSq))
