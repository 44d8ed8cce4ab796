def safe_pairwise_distance(X, Y):
    # 差值 (N, M, d)
    chazhi = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    # 平方和
    pingfanghe = jnp.sum(jnp.square(chazhi), axis=2)
    # 为零的位置
    shi_ling = jnp.equal(pingfanghe, 0.0)
    # 先把零换成 1,再开方,最后把零位置的结果设回 0
    anquan = jnp.where(shi_ling, 1.0, pingfanghe)
    juli = jnp.sqrt(anquan)
    return jnp.where(shi_ling, 0.0, juli)
