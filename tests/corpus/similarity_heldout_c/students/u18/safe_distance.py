def safe_pairwise_distance(X, Y):
    # 像 v1 一样直接对差值平方求和
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0
    # 双 where:先换成安全值再开方
    safe = jnp.where(is_zero, 1.0, sq)
    return jnp.where(is_zero, 0.0, jnp.sqrt(safe))
