def safe_pairwise_distance(X, Y):
    s = jnp.sum((X[:, None] - Y[None, :]) ** 2, axis=-1)
    s0 = s == 0
    return jnp.where(s0, 0.0, jnp.sqrt(jnp.where(s0, 1.0, s)))
