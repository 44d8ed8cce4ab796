import math


def safe_pairwise_distance(X, Y):
    n, m = X.shape[0], Y.shape[0]
    d = math.prod(X.shape[1:])
    diffs = X.reshape(n, 1, d) - Y.reshape(1, m, d)
    sq = (diffs ** 2).sum(axis=2)
    eq = sq == 0
    sq_ok = jnp.where(eq, jnp.ones_like(sq), sq)
    return jnp.where(eq, jnp.zeros_like(sq), jnp.sqrt(sq_ok))
