def safe_pairwise_distance(X, Y):
    # a tiny epsilon keeps sqrt differentiable at 0
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return jnp.sqrt(sq + 1e-12)
