def safe_pairwise_distance(X, Y):
    d = X[:, None, :] - Y[None, :, :]  # (N, M, d)
    s = jnp.sum(d ** 2, axis=-1)  # squared distances
    z = s == 0  # where the gradient of sqrt blows up
    s = jnp.where(z, 1.0, s)  # inner where: keep sqrt away from 0
    return jnp.where(z, 0.0, jnp.sqrt(s))  # outer where: the real value there is 0
