def _squared_distances(X, Y):
    # Step 1: broadcast to (N, M, d) and sum the squares over d.
    return jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)


def safe_pairwise_distance(X, Y):
    sq = _squared_distances(X, Y)
    # Step 2: mark the zero distances.
    zero = sq == 0.0
    # Step 3: take the root of a safe value, then put the zeros back.
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
