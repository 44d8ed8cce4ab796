def safe_pairwise_distance(X, Y):
    diff = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    sq = jnp.sum(diff * diff, axis=-1)
    zero = lax.eq(sq, jnp.zeros_like(sq))
    root = lax.sqrt(lax.select(zero, jnp.ones_like(sq), sq))
    return lax.select(zero, jnp.zeros_like(sq), root)
