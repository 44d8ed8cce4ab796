def safe_pairwise_distance(X, Y):
    rows = jax.vmap(lambda x: jnp.sum((x - Y) ** 2, axis=-1))(X)
    flat_zero = rows == 0
    return jnp.where(flat_zero, 0.0, jnp.sqrt(jnp.where(flat_zero, 1.0, rows)))
