def safe_pairwise_distance(X, Y):
    row = lambda x: jax.vmap(lambda y: jnp.sum((x - y) ** 2))(Y)  # noqa: E731
    sq = jax.vmap(row)(X)
    zero = jnp.equal(sq, 0)
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
