import math


def safe_pairwise_distance(X, Y):
    n, m = X.shape[0], Y.shape[0]
    d = math.prod(X.shape[1:])
    diff = X.reshape(n, 1, d) - Y.reshape(1, m, d)
    sq = jnp.einsum("nmd,nmd->nm", diff, diff)
    nz = sq != 0
    return jnp.where(nz, jnp.sqrt(jnp.where(nz, sq, 1.0)), 0.0)
