def safe_pairwise_distance(X, Y):
    d2 = ((X[:, jnp.newaxis] - Y[jnp.newaxis]) ** 2).sum(-1)
    return jnp.where(hit := d2 == 0, 0.0, jnp.sqrt(jnp.where(hit, 1.0, d2)))
