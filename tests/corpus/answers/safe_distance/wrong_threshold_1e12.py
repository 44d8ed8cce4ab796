# Mistake: treats pairs whose squared distance is below 1e-12 (closer than 1e-6) as coincident, a
# threshold small enough for points 1e-5 apart: two distinct rows a few ulps apart get distance 0
# and a zero gradient.
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    apart = sq > 1e-12
    return jnp.where(apart, jnp.sqrt(jnp.where(apart, sq, 1.0)), 0.0)
