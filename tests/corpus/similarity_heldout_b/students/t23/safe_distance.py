def safe_pairwise_distance(X, Y):
    sq = jnp.sum(jnp.square(X[:, None] - Y[None]), axis=2)
    zeros = jnp.zeros_like(sq)
    mask = sq > 0.0
    safe = jnp.where(mask, sq, jnp.ones_like(sq))
    return jnp.where(mask, jnp.sqrt(safe), zeros)
