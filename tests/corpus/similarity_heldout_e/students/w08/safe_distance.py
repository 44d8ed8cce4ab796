def safe_pairwise_distance(X, Y):
    diffs = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sq = jnp.einsum("nmd,nmd->nm", diffs, diffs)
    # double-where trick
    inner = jnp.where(sq == 0, 1.0, sq)
    dist = jnp.sqrt(inner)
    return jnp.where(sq == 0, 0.0, dist)
