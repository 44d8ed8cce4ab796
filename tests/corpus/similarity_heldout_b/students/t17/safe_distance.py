def safe_pairwise_distance(X, Y):
    differences = X[:, None, :] - Y[None, :, :]
    squared = jnp.sum(differences ** 2, axis=-1)
    # keep sqrt away from exact zeros
    positive = squared > 0
    return jnp.where(positive, jnp.sqrt(jnp.where(positive, squared, 1.)), 0.)
