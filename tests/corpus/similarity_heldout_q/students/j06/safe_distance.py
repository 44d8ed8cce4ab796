def safe_pairwise_distance(X, Y):
    n = X.shape[0]
    m = Y.shape[0]
    tmp = jnp.zeros((n, m), X.dtype)
    i = 0
    while i < X.shape[1]:
        d = X[:, i][:, None] - Y[:, i][None, :]
        tmp = tmp + d * d
        i += 1
    mask = tmp > 0.0
    tmp = jnp.where(mask, tmp, 1.0)
    res = jnp.where(mask, jnp.sqrt(tmp), 0.0)
    return res
