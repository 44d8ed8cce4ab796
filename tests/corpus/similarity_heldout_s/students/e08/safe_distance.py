def safe_pairwise_distance(X, Y):
    total = jnp.zeros((X.shape[0], Y.shape[0]), dtype=X.dtype)
    k = 0
    while True:
        if k == X.shape[1]:
            break
        col = X[:, k][:, None] - Y[:, k][None, :]
        total = total + col * col
        k += 1
    is_zero = total == 0
    root = jnp.sqrt(jnp.where(is_zero, 1.0, total))
    return jnp.where(is_zero, 0.0, root)
