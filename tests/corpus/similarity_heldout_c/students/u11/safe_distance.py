def safe_pairwise_distance(X, Y):
    delta = X[:, None, :] - Y[None, :, :]
    sqdist = jnp.sum(delta * delta, axis=-1)
    pos = sqdist > 0
    r = jnp.sqrt(jnp.where(pos, sqdist, 1.0))
    # zero where the distance is zero
    return jnp.where(pos, r, 0.0)
