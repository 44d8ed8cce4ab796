def safe_pairwise_distance(X, Y):
    n2 = jnp.sum(jnp.square(X[:, None, :] - Y[None, :, :]), -1)
    m = jnp.equal(n2, 0)
    return jnp.where(m, 0., jnp.sqrt(jnp.where(m, 1., n2)))
