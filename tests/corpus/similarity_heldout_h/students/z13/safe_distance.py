def _sq(X, Y):
    return jnp.sum((X[:, None] - Y[None]) ** 2, -1)


def _safe_sqrt(s):
    m = s == 0
    return jnp.where(m, 0.0, jnp.sqrt(jnp.where(m, 1.0, s)))


def safe_pairwise_distance(X, Y):
    return _safe_sqrt(_sq(X, Y))
