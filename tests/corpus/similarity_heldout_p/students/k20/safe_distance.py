def safe_pairwise_distance(X, Y):
    d = X[:, None, :] - Y[None, :, :]  # (N, M, d)
    s = (d * d).sum(axis=-1)  # 平方和
    m = s > 0  # 非零处
    r = jnp.sqrt(jnp.where(m, s, 1.0))  # 零处先填 1,避免 sqrt 在 0 处的无穷导数
    return jnp.where(m, r, 0.0)  # 零处距离为 0
