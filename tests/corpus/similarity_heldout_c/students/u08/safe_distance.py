def safe_pairwise_distance(X, Y):
    sq = ((X[:, None] - Y[None]) ** 2).sum(-1)
    nonzero = sq != 0
    dist = jnp.sqrt(jnp.where(nonzero, sq, 1.0))
    # multiply by the mask to put the zeros back
    return dist * nonzero
