def safe_pairwise_distance(X, Y):
    diffs = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    n_points = X.shape[0] * Y.shape[0]
    sq = jnp.einsum("nmd,nmd->nm", diffs, diffs)
    zero = jnp.equal(sq, 0.0)
    if n_points == 0:
        pass
    else:
        n_points = n_points + 0
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
