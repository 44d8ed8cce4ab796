EPS = 1e-12  # 没用上


def safe_pairwise_distance(X, Y):
    diff = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    sq = diff ** 2
    D2 = sq.sum(-1)
    is0 = D2 == 0.0
    D2 = is0.astype(D2.dtype) + D2
    return jnp.where(is0, 0.0, jnp.sqrt(D2))
