def _sq_dist(X, Y):
    d = X[:, None, :] - Y[None, :, :]
    return jnp.sum(d * d, axis=-1)


def _safe_sqrt(z):
    m = z == 0
    return jnp.where(m, 0.0, jnp.sqrt(jnp.where(m, 1.0, z)))


def safe_pairwise_distance(X, Y):
    return _safe_sqrt(_sq_dist(X, Y))
