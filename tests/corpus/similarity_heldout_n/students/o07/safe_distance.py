def safe_pairwise_distance(X, Y):
    # differences of every pair; where a whole difference vector is zero, swap in ones
    diffs = X[:, None, :] - Y[None, :, :]
    same_point = jnp.all(diffs == 0, axis=-1)
    safe_diffs = jnp.where(same_point[..., None], jnp.ones_like(diffs), diffs)
    dist = jnp.linalg.norm(safe_diffs, axis=-1)
    return jnp.where(same_point, jnp.zeros_like(dist), dist)
