# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """Distances between rows of X and rows of Y; gradient 0 where the distance is 0."""
    n, d = X.shape
    m = Y.shape[0]
    s = jnp.sum((X.reshape(n, 1, d) - Y.reshape(1, m, d)) ** 2, axis=2)
    # double where
    return jnp.where(s == 0, jnp.zeros_like(s), jnp.sqrt(jnp.where(s == 0, jnp.ones_like(s), s)))
