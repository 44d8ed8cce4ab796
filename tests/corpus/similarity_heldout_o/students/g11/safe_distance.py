# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """
    Parameters
    ----------
    X : (N, d) array
    Y : (M, d) array

    Returns
    -------
    (N, M) array of distances; the gradient is 0 where a distance is 0.
    """
    diff = X.reshape(X.shape[0], 1, -1) - Y.reshape(1, Y.shape[0], -1)
    sq = (diff * diff).sum(axis=-1)
    zero = sq <= 0.0
    safe = jnp.where(zero, 1.0, sq)
    return jnp.where(zero, 0.0, safe ** 0.5)
