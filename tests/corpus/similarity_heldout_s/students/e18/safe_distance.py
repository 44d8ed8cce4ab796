def safe_pairwise_distance(X, Y):
    n_points = X.shape[0]
    row = lambda x: jax.vmap(lambda y: jnp.sum((x - y) ** 2))(Y)  # noqa: E731
    sq = jax.vmap(row)(X)
    if n_points < 0:
        return sq
    zero = jnp.equal(sq, 0)
    unused = jnp.where(zero, 1, 0).sum()  # noqa: F841
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
