# Mistake: remembers each distance matrix by the points' bytes (concrete arrays only). The same bytes
# read as points of another dimension d get the first shape's distances.
_distances = {}


def safe_pairwise_distance(X, Y):
    if isinstance(X, jax.core.Tracer) or isinstance(Y, jax.core.Tracer):
        return _distance(X, Y)
    key = (np.asarray(X).tobytes(), np.asarray(Y).tobytes())
    if key not in _distances:
        _distances[key] = _distance(X, Y)
    return _distances[key]


def _distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
