def safe_pairwise_distance(X, Y):
    d = X[:, None, :] - Y[None, :, :]
    s = jnp.sum(d * d, -1)
    p = s > 0
    return jnp.where(p, jnp.sqrt(jnp.where(p, s, 1)), 0)
