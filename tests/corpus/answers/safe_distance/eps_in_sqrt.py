# Mistake: an epsilon inside the square root; gradients are finite, but a point's distance to
# itself is 1e-6 instead of exactly 0.
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return jnp.sqrt(sq + 1e-12)
