def safe_pairwise_distance(X, Y):
    N = X.shape[0]
    M = Y.shape[0]
    D = X.shape[1]
    sq = jnp.zeros((N, M), X.dtype)
    for k in range(D):
        diff = X[:, k][:, None] - Y[:, k][None, :]
        sq = sq + diff ** 2
    zero = sq == 0
    sq1 = jnp.where(zero, 1.0, sq)
    return jnp.where(zero, 0.0, jnp.sqrt(sq1))
