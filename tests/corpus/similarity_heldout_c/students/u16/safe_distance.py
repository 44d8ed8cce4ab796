def safe_pairwise_distance(X, Y):
    sq = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=-1)
    ok = sq != 0
    return jnp.where(ok, jnp.sqrt(jnp.where(ok, sq, 1.0)), 0.0)
