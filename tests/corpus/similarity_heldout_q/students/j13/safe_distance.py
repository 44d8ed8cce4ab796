def safe_pairwise_distance(X, Y):
    # 1. squared norms
    xx = jnp.sum(X ** 2, axis=1, keepdims=True)
    yy = jnp.sum(Y ** 2, axis=1, keepdims=True).T
    # 2. squared distances, clipped at 0 against rounding
    sq = jnp.maximum(xx + yy - 2.0 * X @ Y.T, 0.0)
    # 3. double where so the gradient at 0 is 0
    pos = sq > 0.0
    return jnp.where(pos, jnp.sqrt(jnp.where(pos, sq, 1.0)), 0.0)
