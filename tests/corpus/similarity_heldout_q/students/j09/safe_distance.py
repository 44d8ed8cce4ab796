def safe_pairwise_distance(X, Y):
    """Pairwise Euclidean distances with a zero gradient where points coincide.

    Args:
        X: array of shape (N, d).
        Y: array of shape (M, d).

    Returns:
        Array of shape (N, M).
    """
    sq = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=2)
    nonzero = jnp.not_equal(sq, 0)
    return jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, sq, 1)), 0)
