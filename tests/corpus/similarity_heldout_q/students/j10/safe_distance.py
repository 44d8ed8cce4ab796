def safe_pairwise_distance(X, Y):
    if X.ndim != 2 or Y.ndim != 2:
        raise ValueError("X and Y must be 2-D")
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff ** 2, axis=-1)
    zero = sq == 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
