# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    '''两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。'''
    # 和 v1 一样先相减再平方求和
    sq = ((X[:, None, :] - Y[None, :, :]) ** 2).sum(axis=-1)
    零 = sq == 0
    # 第一次 where:把 0 换成 1,开方的梯度就不会是 inf
    r = jnp.sqrt(jnp.where(零, jnp.ones_like(sq), sq))
    # 第二次 where:放回 0
    return jnp.where(零, jnp.zeros_like(sq), r)
