def safe_pairwise_distance(X, Y):
    # pairwise differences, then the squared norm
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq = jnp.sum(diff * diff, axis=-1)
    nonzero = sq != 0
    sq_safe = jnp.where(nonzero, sq, jnp.ones_like(sq))
    return jnp.where(nonzero, jnp.sqrt(sq_safe), jnp.zeros_like(sq))
