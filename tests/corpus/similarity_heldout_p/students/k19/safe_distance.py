def safe_pairwise_distance(X, Y):
    squared = jnp.sum(a=(X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    return jnp.where(squared == 0, 0.0, jnp.sqrt(squared))
