def safe_pairwise_distance(X, Y):
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq = jnp.sum(jnp.square(diff), axis=2)
    nz = sq != 0
    return jnp.where(nz, jnp.sqrt(jnp.where(nz, sq, 1.0)), 0.0)
