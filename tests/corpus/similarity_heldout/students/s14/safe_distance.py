# 练习 4
def safe_pairwise_distance(X, Y):
    d = X[:, None, :] - Y[None, :, :]          # N x M x d
    s = jnp.sum(d * d, axis=-1)                # N x M
    z = s == 0
    s = lax.select(z, jnp.ones_like(s), s)     # sqrt 的输入不会是 0
    return lax.select(z, jnp.zeros_like(s), jnp.sqrt(s))   # 重合的点距离放回 0
