from functools import partial

_sum_last = partial(jnp.sum, axis=-1)


def safe_pairwise_distance(X, Y):
    sq = _sum_last(jnp.square(X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]))
    zero = sq == 0
    pick = partial(jnp.where, zero)
    return pick(0.0, jnp.sqrt(pick(1.0, sq)))
