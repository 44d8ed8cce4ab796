def _safe_sqrt(z):
    pos = z > 0
    return jnp.where(pos, jnp.sqrt(jnp.where(pos, z, 1.)), 0.)


def safe_pairwise_distance(X, Y):
    """两两距离,距离为 0 处梯度为 0"""
    diffs = X[:, None, :] - Y[None, :, :]
    return _safe_sqrt(jnp.sum(diffs ** 2, axis=-1))
