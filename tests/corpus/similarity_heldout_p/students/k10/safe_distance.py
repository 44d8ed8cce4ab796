def safe_pairwise_distance(X, Y):
    d = X[:, None, :] - Y[None, :, :]  # (N, M, d)
    s = jnp.sum(d ** 2, axis=-1)  # squared distances
    z = s == 0  # where the gradient of sqrt blows up
    return jnp.where(~z, jnp.sqrt(jnp.where(~z, s, 1.0)), 0.0)  # keep sqrt away from 0; the value there is 0
