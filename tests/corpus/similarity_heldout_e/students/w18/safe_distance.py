def safe_pairwise_distance(X, Y):
    # pairwise squared distances; sqrt only where they are positive
    sq = jnp.sum((X[:, jnp.newaxis] - Y[jnp.newaxis]) ** 2, axis=-1)
    positive = sq > 0.0
    root = jnp.sqrt(jnp.where(positive, sq, jnp.ones_like(sq)))
    return jnp.where(positive, root, jnp.zeros_like(root))
