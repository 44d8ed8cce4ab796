def safe_pairwise_distance(X, Y):
    # 差值 (N, M, d)
    chazhi = lax.expand_dims(X, (1,)) - lax.expand_dims(Y, (0,))
    # 平方和
    pingfanghe = lax.reduce(lax.square(chazhi), jnp.array(0, chazhi.dtype), lax.add, (2,))
    # 为零的位置
    shi_ling = lax.eq(pingfanghe, jnp.zeros_like(pingfanghe))
    # 先把零换成 1,再开方,最后把零位置的结果设回 0
    anquan = lax.select(shi_ling, jnp.ones_like(pingfanghe), pingfanghe)
    juli = lax.sqrt(anquan)
    return lax.select(shi_ling, jnp.zeros_like(juli), juli)
