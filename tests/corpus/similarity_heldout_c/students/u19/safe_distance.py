def safe_pairwise_distance(X, Y):
    d = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    d2 = jnp.sum(d * d, axis=2)
    zero = d2 == jnp.zeros_like(d2)
    root = jnp.sqrt(jnp.where(zero, jnp.ones_like(d2), d2))
    return jnp.where(zero, jnp.zeros_like(d2), root)
