def safe_pairwise_distance(X: jax.Array, Y: jax.Array) -> jax.Array:
    diffs: jax.Array = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq: jax.Array = jnp.einsum("nmd,nmd->nm", diffs, diffs)
    zero: jax.Array = jnp.equal(sq, 0.0)
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
