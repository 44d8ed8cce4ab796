def safe_pairwise_distance(X, Y):
    sq = jnp.sum(jnp.power(X[:, None, :] - Y[None, :, :], 2), axis=-1)
    at_zero = jnp.isclose(sq, 0.0, rtol=0.0, atol=0.0)
    return jnp.where(at_zero, jnp.zeros((), sq.dtype), jnp.sqrt(jnp.where(at_zero, jnp.ones((), sq.dtype), sq)))
