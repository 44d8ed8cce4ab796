def safe_pairwise_distance(X, Y):
    diff = jnp.expand_dims(X, axis=1) - jnp.expand_dims(Y, axis=0)
    sq = jnp.sum(diff * diff, axis=-1)
    mask = jnp.greater(sq, 0.0)
    safe = jnp.where(mask, sq, jnp.ones_like(sq))
    return jnp.where(mask, jnp.sqrt(safe), jnp.zeros_like(sq))
