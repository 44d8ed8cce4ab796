# Degenerate: ones of the right shape.
def safe_pairwise_distance(X, Y):
    return jnp.ones((X.shape[0], Y.shape[0]), X.dtype)
