def safe_pairwise_distance(X, Y):
    s = jnp.sum((X[:, None] - Y[None]) ** 2, -1)
    return jnp.where(s == 0, 0.0, jnp.sqrt(s))
