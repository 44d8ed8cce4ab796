ZERO = 0.0
ONE = 1.0


def safe_pairwise_distance(X, Y):
    chazhi = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(chazhi * chazhi, axis=-1)
    at_zero = ZERO == sq
    juli = jnp.sqrt(jnp.where(at_zero, ONE, sq))
    return jnp.where(at_zero, ZERO, juli)
