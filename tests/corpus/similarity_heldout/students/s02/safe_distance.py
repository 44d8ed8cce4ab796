# 练习 4
def safe_pairwise_distance(X, Y):
    # 显式广播:(N,1,d) - (1,M,d)
    diff = jnp.expand_dims(X, 1) - jnp.expand_dims(Y, 0)
    sqdist = jnp.sum(diff ** 2, axis=2)
    ok = sqdist > 0
    inner = jnp.where(ok, sqdist, 1.0)
    return jnp.where(ok, jnp.sqrt(inner), 0.0)
