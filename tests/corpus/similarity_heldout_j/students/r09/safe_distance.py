def safe_pairwise_distance(X, Y):
    d = X[:, None] - Y[None]
    s = jnp.sum(d * d, -1)
    return jnp.where(s == 0, 0.0, jnp.sqrt(s))
