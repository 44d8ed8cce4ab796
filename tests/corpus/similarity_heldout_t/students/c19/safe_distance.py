def safe_pairwise_distance(X, Y):
    assert X.ndim == 2 and Y.ndim == 2, "X, Y 应为二维"
    assert X.shape[1] == Y.shape[1]
    d2 = jnp.sum((X[:, None] - Y[None]) ** 2, axis=-1)
    z = d2 == 0
    return jnp.where(z, jnp.zeros_like(d2), jnp.sqrt(jnp.where(z, jnp.ones_like(d2), d2)))
