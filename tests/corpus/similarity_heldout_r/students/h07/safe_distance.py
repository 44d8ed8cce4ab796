def safe_pairwise_distance(X, Y):
    # 差值 (N, M, d)
    chazhi = X[:, jnp.newaxis, :] - Y[jnp.newaxis, :, :]
    pingfang_he = jnp.sum(chazhi ** 2, axis=-1)
    # 距离为零的位置
    shi_ling = pingfang_he == 0.0
    anquan = jnp.where(shi_ling, 1.0, pingfang_he)
    juli = jnp.sqrt(anquan)
    return jnp.where(shi_ling, 0.0, juli)
