def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    # squared distances, (N, M)
    d2 = ((X[:, None] - Y[None]) ** 2).sum(-1)
    # double where: neither branch takes the sqrt of 0
    return jnp.where(d2 == 0, 0.0, jnp.sqrt(jnp.where(d2 == 0, 1.0, d2)))
