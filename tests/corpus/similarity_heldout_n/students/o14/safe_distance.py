def safe_pairwise_distance(X, Y):
    sq = ((X[:, None, :] - Y[None, :, :]) ** 2).sum(-1)
    return jnp.where(zero := (sq == 0), 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
