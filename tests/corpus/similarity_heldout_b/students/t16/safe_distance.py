def _pair_dist(a, b):
    # 平方和为 0 时不开方
    s = jnp.sum((a - b) ** 2, axis=-1)
    good = s > 0
    return jnp.where(good, jnp.sqrt(jnp.where(good, s, 1.0)), 0.0)


def safe_pairwise_distance(X, Y):
    return _pair_dist(X[:, None, :], Y[None, :, :])
