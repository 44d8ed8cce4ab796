def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    zero = sq == 0
    tmp = jnp.where(zero, 1.0, sq)
    out = jnp.sqrt(tmp)
    out = jnp.where(zero, 0.0, out)
    return out
