def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    nz = sq != 0
    # only take sqrt where it is safe
    r = jnp.sqrt(jnp.where(nz, sq, 1.0))
    return jnp.where(nz, r, 0.0)
