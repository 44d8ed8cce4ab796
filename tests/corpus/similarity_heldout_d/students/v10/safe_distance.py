# 先算平方距离矩阵
def safe_pairwise_distance(X, Y):
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    eq0 = sq == 0.0
    # 为 0 的位置先换成 1,开方后再换回 0
    r = jnp.sqrt(jnp.where(eq0, 1.0, sq))
    return jnp.where(eq0, 0.0, r)
