def safe_pairwise_distance(X, Y):
    d2 = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=2)
    nonzero = jnp.not_equal(d2, 0.0)
    inner = jnp.where(nonzero, d2, 1.0)
    return jnp.where(nonzero, jnp.sqrt(inner), 0.0)
