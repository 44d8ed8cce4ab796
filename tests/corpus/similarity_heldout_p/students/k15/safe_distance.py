ZERO_DISTANCE = 0.0
SAFE_FILL = 1.0
FEATURE_AXIS = -1


def safe_pairwise_distance(X, Y):
    squared = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), axis=FEATURE_AXIS)
    at_zero = squared == ZERO_DISTANCE
    return jnp.where(at_zero, ZERO_DISTANCE, jnp.sqrt(jnp.where(at_zero, SAFE_FILL, squared)))
