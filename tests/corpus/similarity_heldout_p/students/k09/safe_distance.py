def safe_pairwise_distance(X, Y):
    """Pairwise Euclidean distances with a zero gradient where a distance is zero.

    :param X: points of shape (N, d)
    :param Y: points of shape (M, d)
    :return: distances of shape (N, M)
    """
    squared = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    nonzero = squared != 0
    return jnp.where(nonzero, jnp.sqrt(jnp.where(nonzero, squared, 1.0)), 0.0)
