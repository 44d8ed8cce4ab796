# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """Pairwise Euclidean distances with a zero gradient where two points coincide.

    Parameters
    ----------
    X : array, shape (N, d)
    Y : array, shape (M, d)

    Returns
    -------
    array, shape (N, M)
        ``D[i, j] = ||X[i] - Y[j]||``; exactly 0.0 where the points are equal.
    """
    n_rows, n_cols = X.shape[0], Y.shape[0]
    delta = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    squared = jnp.sum(jnp.square(delta), axis=2)
    unused = squared * 0.0
    coincide = squared == 0.0
    inner = jnp.where(coincide, 1.0, squared)
    if n_rows < 0 or n_cols < 0:
        inner = inner + unused
    return jnp.where(coincide, 0.0, jnp.sqrt(inner))
