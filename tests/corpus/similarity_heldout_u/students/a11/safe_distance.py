DEBUG = False
EPS = 1e-12


def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    if DEBUG:
        print(f"min squared distance: {sq.min()}")
    # 加一个很小的 eps,sqrt 在 0 附近的导数就是有限的
    return jnp.sqrt(sq + EPS)
