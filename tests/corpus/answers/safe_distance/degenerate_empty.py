# Degenerate: an empty matrix.
def safe_pairwise_distance(X, Y):
    return jnp.zeros((0, 0), X.dtype)
