def safe_pairwise_distance(X, Y):
    D = X[:, None, :] - Y[None, :, :]
    D2 = jnp.einsum("nmk,nmk->nm", D, D)
    m = D2 == 0.0
    D2s = jnp.where(m, 1.0, D2)
    R = jnp.sqrt(D2s)
    # 距离为 0 的位置用 0 代替(梯度也是 0)
    return jnp.where(m, 0.0, R)
