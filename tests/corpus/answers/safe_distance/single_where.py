# Mistake: one where around the square root; the forward pass is right but the gradient at 0 is
# nan (the where's unused branch still gets 0 * inf).
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return jnp.where(sq == 0.0, 0.0, jnp.sqrt(sq))
