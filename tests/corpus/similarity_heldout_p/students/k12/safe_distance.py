def safe_pairwise_distance(X, Y):
    sq = ((X[:, None] - Y[None]) ** 2).sum(-1)
    return jnp.where(sq == 0, 0.0, jnp.sqrt(jnp.where(sq == 0, 1.0, sq)))
