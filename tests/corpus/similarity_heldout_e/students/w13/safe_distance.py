# ✍️ 作答区:练习 4
def safe_pairwise_distance(X, Y):
    """两两欧氏距离 (N, d), (M, d) -> (N, M);距离为 0 处梯度为 0。"""
    # 逐对的差,形状 (N, M, d)
    diff = X[:, None, :] - Y[None, :, :]
    sq = (diff ** 2).sum(axis=-1)
    # 重合点:sqrt 的输入换成 1,输出再换回 0
    eq0 = sq == 0.0
    out = jnp.sqrt(jnp.where(eq0, jnp.ones_like(sq), sq))
    out = jnp.where(eq0, jnp.zeros_like(out), out)
    return out
