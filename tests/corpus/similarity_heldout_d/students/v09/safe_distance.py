# 平方距离为 0 的地方,sqrt 的导数是无穷大 -> 用 double where
def safe_pairwise_distance(X, Y):
    d2 = jnp.sum((Y[None, :, :] - X[:, None, :]) ** 2, axis=-1)
    mask = 0.0 == d2
    d2_safe = jnp.where(mask, 1., d2)
    dist = jnp.sqrt(d2_safe)
    return jnp.where(mask, 0., dist)
