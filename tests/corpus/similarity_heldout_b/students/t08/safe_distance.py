def safe_pairwise_distance(X, Y):
    delta = X[:, None, :] - Y[None, :, :]
    d2 = jnp.square(delta).sum(axis=-1)
    is_zero = 0. == d2
    root = jnp.sqrt(jnp.where(is_zero, 1., d2))
    return jnp.where(is_zero, 0., root)
