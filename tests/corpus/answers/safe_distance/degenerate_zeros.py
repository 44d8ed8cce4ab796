# Degenerate: zeros of the right shape (finite gradients and an exact zero diagonal, nothing else).
def safe_pairwise_distance(X, Y):
    return jnp.zeros((X.shape[0], Y.shape[0]), X.dtype)
