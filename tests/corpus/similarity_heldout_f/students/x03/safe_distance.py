def safe_pairwise_distance(X, Y):
    d2 = jnp.sum(jnp.square(jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)), axis=2)
    z = d2 == 0.0
    r = jnp.sqrt(jnp.where(z, 1.0, d2))
    return jnp.where(z, 0.0, r)  # double where
