def _one_pair(x: jax.Array, y: jax.Array) -> jax.Array:
    s = jnp.sum((x - y) ** 2)
    z = s == 0
    return jnp.where(z, 0.0, jnp.sqrt(jnp.where(z, 1.0, s)))


def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    # vmap over the rows of Y, then over the rows of X
    return jax.vmap(jax.vmap(_one_pair, in_axes=(None, 0)), in_axes=(0, None))(X, Y)
