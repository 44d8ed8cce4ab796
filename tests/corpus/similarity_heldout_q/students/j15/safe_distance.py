from collections import namedtuple

Pair = namedtuple("Pair", "a b")


def safe_pairwise_distance(X, Y):
    p = Pair(X[:, None, :], Y[None, :, :])
    sq = jnp.sum((p.a - p.b) ** 2, axis=-1)
    return jnp.where(sq > 0, jnp.sqrt(sq), 0.0)
