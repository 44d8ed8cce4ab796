def safe_pairwise_distance(X, Y):
    d = X[:, None] - Y[None]
    s = (d * d).sum(-1) * 1.0
    z = s == 0.0 * 2
    return jnp.where(z, 0.5 - 0.5, jnp.sqrt(jnp.where(z, 0.5 + 0.5, s)))
