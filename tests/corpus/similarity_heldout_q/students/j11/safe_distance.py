def safe_pairwise_distance(X, Y):
    squared = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    keep = squared > 0.0  # double where: no NaN gradient at coinciding points
    return jnp.where(keep, jnp.sqrt(jnp.where(keep, squared, 1.0)), 0.0)
