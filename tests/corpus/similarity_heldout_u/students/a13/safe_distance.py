def safe_pairwise_distance(X, Y):
    (n, d), (m, _) = X.shape, Y.shape
    diff = X.reshape(n, 1, d) - Y.reshape(1, m, d)
    sq = (diff ** 2).sum(axis=-1)
    zero, nonzero = sq == 0, sq != 0
    root = jnp.sqrt(jnp.where(nonzero, sq, 1.0))
    return jnp.where(zero, 0.0, root)
