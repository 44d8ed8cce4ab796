def safe_pairwise_distance(X, Y):
    D = X[:, None, :] - Y[None, :, :]
    S = jnp.sum(D * D, axis=-1)
    return jnp.sqrt(S + 1e-12)
