# ✍️ 作答区:练习 4
def _squared_distances(points_a, points_b):
    return jnp.sum((points_a[:, None] - points_b[None]) ** 2, -1)


def _sqrt_with_zero_slope(values):
    # inner where keeps sqrt off zero, outer where restores the exact zeros
    is_zero = values == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, values)))


def safe_pairwise_distance(X, Y):
    return _sqrt_with_zero_slope(_squared_distances(X, Y))
