ZERO = 0.0
ONE = 1.0


def safe_pairwise_distance(X, Y):
    SQ = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    MASK = SQ > ZERO
    return jnp.where(MASK, jnp.sqrt(jnp.where(MASK, SQ, ONE)), ZERO)
