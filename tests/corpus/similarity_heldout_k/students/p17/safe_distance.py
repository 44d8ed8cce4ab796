def safe_pairwise_distance(X, Y):
    # 距离平方
    q = jnp.square(X[:, None, :] - Y[None, :, :]).sum(axis=-1)
    z = q == 0
    # 0 的位置先换成 1,开方后乘 0 放回
    r = jnp.sqrt(jnp.where(z, 1.0, q))
    return r * (~z).astype(r.dtype)
