def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    diff: jax.Array = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq: jax.Array = jnp.sum(jnp.square(diff), axis=2)
    zero: jax.Array = jnp.equal(sq, 0.0)
    return jnp.where(zero, jnp.zeros_like(sq), jnp.sqrt(jnp.where(zero, jnp.ones_like(sq), sq)))
