# Mistake: remembers each distance matrix by the shapes and the coordinate values, not the dtype
# (concrete arrays only): float64 points holding the same values as earlier float32 points get the
# float32 distances back.
_distances = {}


def safe_pairwise_distance(X, Y):
    if isinstance(X, jax.core.Tracer) or isinstance(Y, jax.core.Tracer):
        return _distance(X, Y)
    key = (X.shape, Y.shape, tuple(np.asarray(X).ravel().tolist()), tuple(np.asarray(Y).ravel().tolist()))
    if key not in _distances:
        _distances[key] = _distance(X, Y)
    return _distances[key]


def _distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))
