def safe_pairwise_distance(X, Y):
    sq = jnp.zeros((X.shape[0], Y.shape[0]), dtype=X.dtype)
    k = 0
    while True:
        if k == X.shape[1]:
            break
        col = X[:, k][:, None] - Y[:, k][None, :]
        sq = sq + col * col
        k += 1
    zero = sq == 0
    return jnp.where(zero, 0, jnp.sqrt(jnp.where(zero, 1, sq)))
