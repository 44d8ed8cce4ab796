def safe_pairwise_distance(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    sq = jnp.sum(diff * diff, axis=-1)
    # 双 where:先把 0 换成 1 再开方
    zero = sq == 0
    r = jnp.sqrt(jnp.where(zero, 1.0, sq))
    return jnp.where(zero, 0.0, r)
