def safe_pairwise_distance(X, Y):
    d2 = jax.vmap(lambda x: jax.vmap(lambda y: jnp.sum((x - y) ** 2))(Y))(X)
    m = d2 == 0.0
    return jnp.where(m, 0.0, jnp.sqrt(jnp.where(m, 1.0, d2)))
