def safe_pairwise_distance(X, Y):
    # 1. pairwise differences, (N, M, d)
    diff = X[:, None] - Y[None]
    # 2. squared distances
    sq = jnp.sum(diff * diff, axis=-1)
    # 3. mask of coinciding points
    mask = sq == 0
    # 4. sqrt of a safe value, then 0 where the mask is set
    return jnp.where(mask, 0.0, jnp.sqrt(jnp.where(mask, 1.0, sq)))
