def safe_pairwise_distance(X, Y):
    d2 = ((jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)) ** 2).sum(-1)
    z = d2 == 0
    return jnp.where(z, 0.0, jnp.sqrt(jnp.where(z, 1.0, d2)))
