def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    def one_pair(x: jax.Array, y: jax.Array) -> jax.Array:
        s = jnp.sum((x - y) ** 2)
        ok = s != 0
        return jnp.where(ok, jnp.sqrt(jnp.where(ok, s, 1.0)), 0.0)

    return jax.vmap(jax.vmap(one_pair, in_axes=(None, 0)), in_axes=(0, None))(X, Y)
