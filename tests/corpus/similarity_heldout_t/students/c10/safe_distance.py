import operator


def safe_pairwise_distance(X, Y):
    diff = operator.sub(X[:, None, :], Y[None, :, :])
    sq = operator.methodcaller("sum", axis=-1)(diff * diff)
    zero = operator.eq(sq, 0)
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
