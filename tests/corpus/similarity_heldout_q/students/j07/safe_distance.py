def safe_pairwise_distance(X, Y):
    # 平方距离 = |x|^2 + |y|^2 - 2 x.y 会有舍入误差,这里直接用差
    chazhi = X[:, None] - Y[None]
    pingfang = (chazhi ** 2).sum(-1)
    shi_ling = pingfang == 0
    anquan = jnp.where(shi_ling, jnp.ones_like(pingfang), pingfang)
    juli = jnp.sqrt(anquan)
    return jnp.where(shi_ling, jnp.zeros_like(juli), juli)
