def safe_pairwise_distance(X, Y):
    if X.ndim != 2 or Y.ndim != 2:
        raise ValueError("X and Y must be 2-D")
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq = jnp.square(diff).sum(axis=-1)
    zero = jnp.equal(sq, 0)
    return jnp.where(zero, 0.0, jnp.sqrt(jnp.where(zero, 1.0, sq)))
