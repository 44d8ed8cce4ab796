def safe_pairwise_distance(X, Y):
    # squared distances, computed from the differences (no |x|^2+|y|^2-2xy: cancellation)
    diff = X[:, None, :] - Y[None, :, :]
    sq = (diff ** 2).sum(-1)
    nonzero = sq > 0.0
    safe = jnp.where(nonzero, sq, 1.0)
    dist = jnp.sqrt(safe)
    return jnp.where(nonzero, dist, 0.0)
