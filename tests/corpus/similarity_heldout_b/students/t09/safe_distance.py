def safe_pairwise_distance(X, Y):
    D2 = ((X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]) ** 2).sum(-1)
    is0 = D2 == 0.0
    D2 = D2 + is0.astype(D2.dtype)
    # 加上掩码让 0 变成 1,开方后再放回 0
    return jnp.where(is0, 0.0, jnp.sqrt(D2))
