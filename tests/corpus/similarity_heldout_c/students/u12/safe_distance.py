def safe_pairwise_distance(X, Y):
    sqdist = ((X[:, None] - Y[None]) ** 2).sum(-1)
    nonzero = sqdist != 0
    dist = jnp.sqrt(jnp.where(nonzero, sqdist, 1.0))
    # 乘上掩码把 0 距离放回去
    return dist * nonzero
