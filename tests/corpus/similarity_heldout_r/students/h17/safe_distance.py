import itertools


def safe_pairwise_distance(X, Y):
    cols = (jnp.square(X[:, k, None] - Y[None, :, k]) for k in range(X.shape[1]))
    sq = sum(itertools.islice(cols, X.shape[1]))
    hit = sq == 0
    return jnp.where(hit, 0.0, jnp.sqrt(jnp.where(hit, 1.0, sq)))
