def safe_pairwise_distance(X, Y):
    n = X.shape[0]
    m = Y.shape[0]
    tmp = jnp.zeros((n, m))
    k = 0
    while k < X.shape[1]:
        tmp = tmp + (X[:, k][:, None] - Y[:, k][None, :]) ** 2
        k += 1
    res = jnp.where(tmp == 0, 1.0, tmp)
    res = jnp.sqrt(res)
    res = jnp.where(tmp == 0, 0.0, res)
    return res
