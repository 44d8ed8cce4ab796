def safe_pairwise_distance(X, Y):
    sq = lax.map(lambda x: jax.vmap(lambda y: jnp.sum((x - y) ** 2))(Y), X)
    ok = jnp.greater(sq, 0)
    return jnp.where(ok, jnp.sqrt(jnp.where(ok, sq, 1.0)), 0.0)
