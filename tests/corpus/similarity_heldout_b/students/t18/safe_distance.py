def safe_pairwise_distance(X, Y):
    d = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(d * d, axis=-1)
    zero = sq == 0
    r = jnp.sqrt(jnp.where(zero, 1.0, sq))
    return jnp.where(zero, 0.0, r)
