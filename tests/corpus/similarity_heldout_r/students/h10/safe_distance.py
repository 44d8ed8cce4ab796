def safe_pairwise_distance(X, Y):
    if X.ndim != 2 or Y.ndim != 2:
        raise ValueError("X and Y must be 2-D")
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    zero = sq == 0
    sq_safe = jnp.where(zero, 1.0, sq)
    return jnp.where(zero, 0.0, jnp.sqrt(sq_safe))
