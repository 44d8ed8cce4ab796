def safe_pairwise_distance(X, Y):
    d = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)  # (N, M, d)
    s = jnp.square(d).sum(-1)
    z = jnp.equal(s, 0)
    return jnp.where(z, 0.0, jnp.sqrt(jnp.where(z, 1.0, s)))  # both wheres, else grad is nan
