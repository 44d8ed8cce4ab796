def safe_pairwise_distance(X, Y):
    delta = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(delta * delta, axis=2)
    # zero where coincident (constants written the other way round)
    is_zero = jnp.equal(0.0, sq)
    return jnp.where(is_zero, 0 * sq, jnp.sqrt(jnp.where(is_zero, 0.5 + 0.5, sq)))
