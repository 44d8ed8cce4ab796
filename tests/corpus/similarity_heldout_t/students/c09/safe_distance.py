def safe_pairwise_distance(X, Y):
    diff = jnp.expand_dims(X, axis=1) - jnp.expand_dims(Y, axis=0)  # (N, M, d) 差值
    d2 = jnp.sum(jnp.square(diff), axis=-1)  # 平方和 (N, M)
    is0 = jnp.equal(d2, 0)  # 哪些位置距离是 0
    d2_safe = jnp.where(is0, jnp.ones_like(d2), d2)  # 第一次 where:把 0 换成 1,开方的梯度不会是 inf
    dist = jnp.sqrt(d2_safe)  # 开方
    return jnp.where(is0, jnp.zeros_like(dist), dist)  # 第二次 where:放回 0
